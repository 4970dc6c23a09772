/**
 * While she waits (docs/product.md#photos): 'Enviar una foto a tu estilista' from the phone's camera
 * or gallery. The photo goes into the call's chat over HTTP with her call's key, so the stylist who
 * answers finds it there (her chat counts it as new).
 */
import { CHAT_IMAGE_WAITING_MAX } from '@belleza/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import {
  newMessageId,
  PhotoInput,
  photoRefusal,
  postChatMessage,
  uploadChatImage,
} from '@/components/video-call/visitor';
import { isApiError } from '@/lib/api-client';
import type { SavedCall } from './saved-call';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; count: number }
  | { kind: 'failed'; code: string };

const KNOWN = new Set([
  'UNSUPPORTED_IMAGE',
  'IMAGE_TOO_LARGE',
  'RATE_LIMITED',
  'CALL_NOT_ACTIVE',
  'WAITING_PHOTO_LIMIT',
]);

export function WaitingPhoto({ saved }: { saved: Pick<SavedCall, 'callId' | 'clientKey'> }) {
  const { t } = useTranslation('consultation');
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const sent = state.kind === 'sent' ? state.count : 0;

  const sendPhoto = async (photo: File) => {
    const refusal = photoRefusal(photo);
    if (refusal) return setState({ kind: 'failed', code: refusal });
    setState({ kind: 'sending' });
    const auth = { clientKey: saved.clientKey };
    try {
      const image = await uploadChatImage(saved.callId, photo, auth);
      await postChatMessage(
        saved.callId,
        { id: newMessageId(), body: '', imageId: image.id },
        auth,
      );
      setState({ kind: 'sent', count: sent + 1 });
    } catch (error) {
      setState({ kind: 'failed', code: isApiError(error) ? error.code : 'UNKNOWN_ERROR' });
    }
  };

  return (
    <div className="consult-photo">
      <PhotoInput inputRef={fileRef} onPick={(photo) => void sendPhoto(photo)} />
      <Button
        variant="secondary"
        loading={state.kind === 'sending'}
        onClick={() => fileRef.current?.click()}
      >
        {state.kind === 'sending' ? t('waiting.photoSending') : t('waiting.photo')}
      </Button>
      <p className="consult-note" role="status">
        {state.kind === 'sent'
          ? t('waiting.photoSent', { count: state.count })
          : state.kind === 'failed'
            ? t(`waiting.photoErrors.${KNOWN.has(state.code) ? state.code : 'default'}`, {
                max: CHAT_IMAGE_WAITING_MAX,
              })
            : t('waiting.photoHint')}
      </p>
    </div>
  );
}
