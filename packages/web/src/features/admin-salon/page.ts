// The module the router loads lazily for Admin → Mi salón.
export { AdminSalonPage as default } from './AdminSalonPage';
