// The module the router loads lazily: its page as the default export.
export { AppointmentPage as default } from './AppointmentPage';
