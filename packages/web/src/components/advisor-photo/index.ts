export { AdvisorPhotoField } from './AdvisorPhotoField';
export { PhotoField } from './PhotoField';
