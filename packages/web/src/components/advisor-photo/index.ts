export { AdvisorPhotoField, type AdvisorPhotoFieldProps } from './AdvisorPhotoField';
export { advisorPhotoSizeFor, advisorPhotoSrcSet, advisorPhotoUrl } from './photo-url';
