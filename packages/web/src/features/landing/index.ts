export { LANDING_NAMESPACES, LandingRoot } from './LandingRoot';
export { LandingPage } from './LandingPage';
export { embeddedSalonProfile, salonChangesLanding } from './hooks/use-salon-profile';
