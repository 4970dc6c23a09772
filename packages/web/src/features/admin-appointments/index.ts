export { AdminAppointmentsPage } from './AdminAppointmentsPage';
// Default export: the module the router loads lazily.
export { AdminAppointmentsPage as default } from './AdminAppointmentsPage';
