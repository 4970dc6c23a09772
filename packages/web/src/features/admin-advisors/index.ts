export { AdminAdvisorsPage } from './AdminAdvisorsPage';
// Default export: the module the router loads lazily.
export { AdminAdvisorsPage as default } from './AdminAdvisorsPage';
