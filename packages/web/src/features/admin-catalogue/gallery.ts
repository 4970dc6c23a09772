// The module the router loads lazily for Admin → Galería.
export { AdminGalleryPage as default } from './AdminGalleryPage';
