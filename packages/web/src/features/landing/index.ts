export { LANDING_NAMESPACES, LandingRoot } from './LandingRoot';
export { embeddedSalonProfile, salonChangesLanding } from './hooks/use-salon-profile';
