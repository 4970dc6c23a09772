/** How a past consultation's outcome looks. */
import type { CallStatus } from '@belleza/contract';
import type { BadgeTone } from '@/components/ui';

/** Only completed and cancelled calls are in her history; the rest for completeness. */
export const pastCallTone: Record<CallStatus, BadgeTone> = {
  pending: 'warning',
  accepted: 'info',
  active: 'info',
  completed: 'success',
  cancelled: 'neutral',
};

/** A call that connected and ended normally: the one whose recommendations the client reads. */
export const hadConsultation = (call: { status: CallStatus; startedAt: string | null }) =>
  call.status === 'completed' && call.startedAt !== null;
