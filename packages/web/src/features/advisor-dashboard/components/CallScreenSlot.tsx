/**
 * The advisor call screen, or, while a call rings or its 'Aceptar' is in flight, the same screen
 * warming up out of sight: the warm instance becomes the call screen on accept (same place, same
 * key), so the video starts without loading. Keep this slot always rendered so the two share it.
 */
import type { Call } from '@belleza/contract';
import type { ReactNode } from 'react';
import { CallIntakePanel } from '@/components/call-intake';
import { AdvisorCallScreen } from '@/components/video-call';
import type { useAdvisorSocket } from '../hooks/use-advisor-socket';
import type { AcceptedToken } from '../hooks/use-call-actions';
import { ReturningClientPanel } from './ReturningClientPanel';

export type CallScreenSlotProps = {
  /** the call the screen is open on */
  call: Call | null;
  /** the call to warm the screen for while none is open */
  warmCall: Call | null;
  /** the call whose 'Aceptar' is in flight */
  accepting: Call | null;
  advisorName: string | undefined;
  acceptedToken: AcceptedToken | null;
  /** her socket as the call's chat link */
  chat: ReturnType<typeof useAdvisorSocket>['chat'];
  onEnd: (call: Call) => Promise<unknown>;
  onClose: () => void;
  /** news about the open call, shown on its screen */
  notice?: ReactNode;
};

export function CallScreenSlot({
  call,
  warmCall,
  accepting,
  advisorName,
  acceptedToken,
  chat,
  onEnd,
  onClose,
  notice,
}: CallScreenSlotProps) {
  if (call)
    return (
      <AdvisorCallScreen
        key={call.callId}
        call={call}
        advisorName={advisorName}
        token={acceptedToken?.callId === call.callId ? acceptedToken.token : undefined}
        onEnd={async () => {
          await onEnd(call);
        }}
        onClose={onClose}
        chat={chat}
        notice={notice}
        intake={
          <>
            <ReturningClientPanel callId={call.callId} />
            <CallIntakePanel callId={call.callId} />
          </>
        }
      />
    );
  if (!warmCall) return null;
  return (
    <AdvisorCallScreen
      key={warmCall.callId}
      call={warmCall}
      advisorName={advisorName}
      standby
      preparing={accepting?.callId === warmCall.callId}
      onEnd={() => undefined}
      onClose={() => undefined}
    />
  );
}
