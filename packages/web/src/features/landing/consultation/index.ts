// The module the landing page loads lazily (islands/consultation.ts); the embedded page imports it.
// First: zod's setting must be in place before any of the consultation's schemas is built.
import '@/lib/zod-config';
export { ConsultationRoot as default, ConsultationRoot } from './ConsultationRoot';
export type { ConsultationBridgeProps } from './ConsultationRoot';
export { mountLandingConsultation } from './LandingConsultation';
