// The module the landing page loads lazily (see ConsultationRoot); the embedded page imports it.
export { ConsultationRoot as default, ConsultationRoot } from './ConsultationRoot';
export type {
  ConsultationBridgeProps,
  ConsultationRequest,
  ConsultationRootProps,
} from './ConsultationRoot';
