export { AdminReportsPage } from './AdminReportsPage';
// Default export: the module the router loads lazily.
export { AdminReportsPage as default } from './AdminReportsPage';
