/** Admin → Salón → Mi salón: the salon's own profile (name, logo, texts, contacts, hours). */
export { AdminSalonPage } from './AdminSalonPage';
