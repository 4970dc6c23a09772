// The module the router loads lazily: its page as the default export.
export { PrivacyPage as default } from './PrivacyPage';
