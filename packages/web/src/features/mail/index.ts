// The module the router loads lazily: its page as the default export.
export { EmailConfirmPage as default } from './EmailConfirmPage';
