export { AdminCallsPage } from './AdminCallsPage';
// Default export: the module the router loads lazily.
export { AdminCallsPage as default } from './AdminCallsPage';
