// The module the router loads lazily: its page as the default export.
export { AdminSettingsPage as default } from './AdminSettingsPage';
