export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { FirstAdminNameStep, needsFirstAdminName } from './FirstAdminNameStep';
// Default export: the module the router loads lazily.
export { LoginPage as default } from './LoginPage';
