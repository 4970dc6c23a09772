export { AppointmentPage } from './AppointmentPage';
// Default export: the module the router loads lazily.
export { AppointmentPage as default } from './AppointmentPage';
