export { SummaryPage } from './SummaryPage';
// Default export: the module the router loads lazily.
export { SummaryPage as default } from './SummaryPage';
