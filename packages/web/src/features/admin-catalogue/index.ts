/** Admin → Servicios, Opiniones, Galería: the salon's own content for the landing. */
export { AdminServicesPage } from './AdminServicesPage';
export { AdminOpinionsPage } from './AdminOpinionsPage';
export { AdminGalleryPage } from './AdminGalleryPage';
