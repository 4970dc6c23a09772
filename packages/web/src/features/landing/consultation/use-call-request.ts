/**
 * How a consultation starts (docs/product.md#request-form and #entering-a-booked-call): the
 * request form opened on a topic, the request it sends, and 'Entrar a mi cita', which rings her
 * booked stylist first. Either way the new call is saved (a reload finds it) and then waits,
 * opens its video and is rated like any other.
 */
import type { CallRequestBody, CallSubject, IntakePhotoSlot } from '@belleza/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import {
  enterBooking,
  fetchBooking,
  requestCall,
  uploadIntakePhoto,
  type BookingLink,
  type CallCredentials,
} from './consultation.api';
import { requestErrorDetail, requestErrorKind } from './request-errors';
import { keepReturnToken, loadReturnToken } from './return-token';
import { clearPendingRating, saveCall, type SavedCall } from './saved-call';
import type { CallSocketUpdate } from './use-call-socket';

export const REQUEST_ERROR_TOAST_MS = 8000;

/** Her hair intake's photos, as the form picked them. */
export type IntakePhotos = Partial<Record<IntakePhotoSlot, Blob>>;

/** Her intake's photos, one after the other; at the first refusal she is told (once). */
async function sendIntakePhotos(
  call: CallCredentials,
  photos: IntakePhotos,
  onFailed: () => void,
): Promise<void> {
  for (const [slot, photo] of Object.entries(photos) as [IntakePhotoSlot, Blob][]) {
    try {
      await uploadIntakePhoto(call, slot, photo);
    } catch {
      onFailed();
      return;
    }
  }
}

export type CallRequestOptions = {
  /** re-reads the landing's availability, which the call buttons show */
  refreshAvailability: () => void;
  setModalOpen: (open: boolean) => void;
  setBusy: (busy: 'request' | null) => void;
  /** a new call owes no rating: the previous call's card goes */
  setRating: (call: CallCredentials | null) => void;
  /** keeps the new call as the saved one */
  store: (next: SavedCall) => void;
  /** what the creation says about the call (with auto-accept it can already be active) */
  apply: (update: CallSocketUpdate) => void;
};

export function useCallRequest({
  refreshAvailability,
  setModalOpen,
  setBusy,
  setRating,
  store,
  apply,
}: CallRequestOptions) {
  const { t } = useTranslation('consultation');
  const [preset, setPreset] = useState<{ subject: CallSubject; message: string }>({
    subject: 'general',
    message: '',
  });

  const openRequest = useCallback(
    (subject: CallSubject = 'general', message = '') => {
      setPreset({ subject, message });
      setModalOpen(true);
      refreshAvailability();
    },
    [refreshAvailability, setModalOpen],
  );

  /** 'Entrar a mi cita': the booked call, rung at her stylist first. */
  const enterAppointment = useCallback(
    async (link: BookingLink): Promise<boolean> => {
      setBusy('request');
      try {
        const booking = await fetchBooking(link);
        const created = await enterBooking(link);
        const booked = booking.advisor;
        const next = saveCall({
          callId: created.callId,
          clientKey: created.clientKey,
          status: 'pending',
          userName: booking.clientName,
          queuePosition: created.queuePosition,
          estimatedWaitTime: created.estimatedWaitTime,
          ringing:
            created.advisorId === booked.advisorId
              ? { name: booked.name, title: booked.title }
              : null,
          bookedWith: booked.name,
        });
        store(next);
        clearPendingRating();
        setRating(null);
        setModalOpen(true);
        if (created.status !== 'pending') apply({ callId: created.callId, status: created.status });
        return true;
      } catch (error) {
        toast.error(
          t('toasts.enterErrorTitle'),
          t('toasts.requestErrorMessage', { detail: requestErrorDetail(error, t) }),
          { duration: REQUEST_ERROR_TOAST_MS },
        );
        return false;
      } finally {
        setBusy(null);
      }
    },
    [apply, store, t, setBusy, setRating, setModalOpen],
  );

  const submitRequest = useCallback(
    async (
      body: CallRequestBody,
      subject?: CallSubject,
      photos?: IntakePhotos,
    ): Promise<boolean> => {
      setBusy('request');
      try {
        // Remembered before: her browser's token lets the salon tell her who attended her.
        const returnToken = body.remember ? loadReturnToken() : null;
        const created = await requestCall(returnToken ? { ...body, returnToken } : body);
        keepReturnToken(body.remember ? (created.returnToken ?? null) : null);
        // The photos follow with her call's key; the stylist's popup shows them as they arrive.
        if (photos)
          void sendIntakePhotos(created, photos, () =>
            toast.warning(t('intake.photos.sendFailedTitle'), t('intake.photos.sendFailed')),
          );
        // From now on `subject` is the topic she asked about (the widget's frame tells its host).
        if (subject) setPreset((current) => ({ ...current, subject }));
        const next = saveCall({
          callId: created.callId,
          clientKey: created.clientKey,
          status: 'pending',
          userName: body.name.trim(),
          queuePosition: created.queuePosition,
          estimatedWaitTime: created.estimatedWaitTime,
          ...(created.returningAdvisorName
            ? {
                returningWith: created.returningAdvisorName,
                ringing: { name: created.returningAdvisorName, title: '' },
              }
            : {}),
        });
        store(next);
        clearPendingRating();
        setRating(null);
        // No toast: the waiting dialog that replaces the form (and takes the focus) says it.
        // With auto-accept the call can already be active.
        if (created.status !== 'pending') apply({ callId: created.callId, status: created.status });
        return true;
      } catch (error) {
        toast.error(
          t('toasts.requestErrorTitle'),
          t('toasts.requestErrorMessage', { detail: requestErrorDetail(error, t) }),
          { duration: REQUEST_ERROR_TOAST_MS },
        );
        const kind = requestErrorKind(error);
        if (kind === 'noAdvisors' || kind === 'maintenance') refreshAvailability();
        return false;
      } finally {
        setBusy(null);
      }
    },
    [apply, refreshAvailability, store, t, setBusy, setRating],
  );

  return { preset, openRequest, enterAppointment, submitRequest };
}
