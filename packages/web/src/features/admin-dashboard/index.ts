export { AdminDashboardPage } from './AdminDashboardPage';
// Default export: the module the router loads lazily.
export { AdminDashboardPage as default } from './AdminDashboardPage';
