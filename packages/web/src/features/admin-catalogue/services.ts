// The module the router loads lazily for Admin → Servicios.
export { AdminServicesPage as default } from './AdminServicesPage';
