// The module the landing page loads lazily (see ConsultationRoot).
export { ConsultationRoot as default } from './ConsultationRoot';
export type { ConsultationRequest, ConsultationRootProps } from './ConsultationRoot';
