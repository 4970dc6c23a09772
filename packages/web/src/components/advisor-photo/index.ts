export { AdvisorPhotoField, type AdvisorPhotoFieldProps } from './AdvisorPhotoField';
export { PhotoField, type PhotoFieldProps } from './PhotoField';
export { advisorPhotoSizeFor, advisorPhotoSrcSet, advisorPhotoUrl } from './photo-url';
