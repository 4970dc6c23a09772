// The module the router loads lazily: its page as the default export.
export { AdminDashboardPage as default } from './AdminDashboardPage';
