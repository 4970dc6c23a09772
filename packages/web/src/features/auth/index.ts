export { LoginPage } from './LoginPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { FirstAdminNameStep, needsFirstAdminName } from './FirstAdminNameStep';
export { loginRequest, useLogin } from './api/login';
// Default export: the module the router loads lazily.
export { LoginPage as default } from './LoginPage';
