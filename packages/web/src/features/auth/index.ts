export { LoginPage } from './LoginPage';
export { loginRequest, useLogin } from './api/login';
// Default export: the module the router loads lazily.
export { LoginPage as default } from './LoginPage';
