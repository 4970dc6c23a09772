// The module the router loads lazily: its page as the default export.
export { AdminAdvisorsPage as default } from './AdminAdvisorsPage';
