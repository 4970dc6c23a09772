// The module the router loads lazily: its page as the default export.
export { AdminReportsPage as default } from './AdminReportsPage';
