export { PrivacyPage } from './PrivacyPage';
// Default export: the module the router loads lazily.
export { PrivacyPage as default } from './PrivacyPage';
