export { AdminSettingsPage } from './AdminSettingsPage';
// Default export: the module the router loads lazily.
export { AdminSettingsPage as default } from './AdminSettingsPage';
