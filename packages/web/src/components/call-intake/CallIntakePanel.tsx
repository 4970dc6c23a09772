/**
 * The intake of a call as staff see it: fetched with the session (the ringing popup, the call
 * screen), nothing at all when she sent none; read again when a photo arrives
 * (`call:intake:updated` invalidates it).
 */
import type { IntakePhotoSlot } from '@belleza/contract';
import { useCallback } from 'react';
import { fetchIntakePhoto, useCallIntake } from './call-intake.api';
import { IntakeDetails } from './IntakeDetails';

export function CallIntakePanel({
  callId,
  focusable = false,
}: {
  callId: string;
  /** see IntakeDetails: in a box that scrolls with nothing else to focus */
  focusable?: boolean;
}) {
  const { data } = useCallIntake(callId);
  const loadPhoto = useCallback(
    (slot: IntakePhotoSlot) => fetchIntakePhoto(callId, slot),
    [callId],
  );
  if (!data) return null;
  return <IntakeDetails intake={data} loadPhoto={loadPhoto} focusable={focusable} />;
}
