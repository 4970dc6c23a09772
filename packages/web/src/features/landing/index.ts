export { LANDING_NAMESPACES, LandingRoot } from './LandingRoot';
export { LandingPage } from './LandingPage';
