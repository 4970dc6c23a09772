export { LanguageToggle } from './LanguageToggle';
