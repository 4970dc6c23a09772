export { AdvisorDashboardPage } from './AdvisorDashboardPage';
// Default export: the module the router loads lazily.
export { AdvisorDashboardPage as default } from './AdvisorDashboardPage';
