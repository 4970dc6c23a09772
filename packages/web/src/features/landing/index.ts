export { LandingPage } from './LandingPage';
// Default export: the module the router loads lazily.
export { LandingPage as default } from './LandingPage';
