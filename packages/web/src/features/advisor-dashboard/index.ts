// The module the router loads lazily: its page as the default export.
export { AdvisorDashboardPage as default } from './AdvisorDashboardPage';
