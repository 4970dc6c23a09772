// The module the router loads lazily for Admin → Opiniones.
export { AdminOpinionsPage as default } from './AdminOpinionsPage';
