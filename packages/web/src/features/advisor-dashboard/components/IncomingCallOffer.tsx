/**
 * The call that rings: the popup on the dashboard, or, while she is on a call with room for
 * another, the compact banner over the call screen (the popup would be hidden behind it).
 */
import type { Call } from '@belleza/contract';
import { IncomingCallBanner } from './IncomingCallBanner';
import { IncomingCallPopup } from './IncomingCallPopup';

export type IncomingCallOfferProps = {
  /** the ringing call, or null */
  call: Call | null;
  /** the call screen is open */
  onCall: boolean;
  advisorId: string | null;
  busyCallId: string | null;
  onAccept: (call: Call) => void;
  onDecline: (call: Call) => void;
  /** Close X on the popup: the call stays pending. */
  onClose: () => void;
};

export function IncomingCallOffer({
  call,
  onCall,
  advisorId,
  busyCallId,
  onAccept,
  onDecline,
  onClose,
}: IncomingCallOfferProps) {
  if (!call) return null;
  const busy = busyCallId === call.callId;
  return onCall ? (
    <IncomingCallBanner
      call={call}
      busy={busy}
      onAccept={() => onAccept(call)}
      onDecline={() => onDecline(call)}
    />
  ) : (
    <IncomingCallPopup
      call={call}
      advisorId={advisorId}
      busy={busy}
      onAccept={() => onAccept(call)}
      onDecline={() => onDecline(call)}
      onClose={onClose}
    />
  );
}
