// The module the router loads lazily: its page as the default export.
export { SummaryPage as default } from './SummaryPage';
