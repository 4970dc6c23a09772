export { EmailConfirmPage } from './EmailConfirmPage';
// Default export: the module the router loads lazily.
export { EmailConfirmPage as default } from './EmailConfirmPage';
