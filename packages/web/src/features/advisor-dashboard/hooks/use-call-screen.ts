/**
 * What the advisor's call screen shows: the call it is open on, the call that just ended (whose
 * recommendations card stays on the dashboard), and the calls this page is ending itself, so the
 * socket's echo of her own 'Finalizar' does not announce the end a second time.
 */
import type { Call } from '@belleza/contract';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

export type CallScreen = {
  call: Call | null;
  setCall: Dispatch<SetStateAction<Call | null>>;
  /** The call as last rendered: socket handlers and finished requests run between renders. */
  callRef: { readonly current: Call | null };
  afterCall: Call | null;
  setAfterCall: Dispatch<SetStateAction<Call | null>>;
  /** Ids of the calls whose end this page has asked for and not yet heard back about. */
  endingIdsRef: { readonly current: Set<string> };
};

export function useCallScreen(): CallScreen {
  const [call, setCall] = useState<Call | null>(null);
  const [afterCall, setAfterCall] = useState<Call | null>(null);
  const callRef = useRef<Call | null>(null);
  const endingIdsRef = useRef(new Set<string>());
  useEffect(() => {
    callRef.current = call;
  }, [call]);
  return { call, setCall, callRef, afterCall, setAfterCall, endingIdsRef };
}
