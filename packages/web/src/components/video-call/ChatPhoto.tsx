/**
 * A photo in the chat: fetched with the screen's credentials (an <img> cannot send the visitor's
 * key), shown at its stored proportions so the log does not jump, and opened full size on a
 * press. Her own photo shows from her device until the server has it.
 */
import type { ChatImage } from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { fetchChatImage, type ChatAuth } from './video-call.api';
import './video-call.css';

type Props = {
  callId: string;
  image: Omit<ChatImage, 'callId'> | null;
  auth: ChatAuth;
  /** an object URL of her own photo, before and after the upload */
  preview?: string | undefined;
  /** who sent it, for its description */
  from: string;
};

export function ChatPhoto({ callId, image, auth, preview, from }: Props) {
  const { t } = useTranslation('video');
  const [loaded, setLoaded] = useState<{ id: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [full, setFull] = useState(false);
  const clientKey = auth?.clientKey;
  const imageId = image?.id;

  useEffect(() => {
    if (preview || !imageId) return;
    let live = true;
    let url: string | null = null;
    fetchChatImage(callId, imageId, clientKey ? { clientKey } : null).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setLoaded({ id: imageId, url });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [callId, imageId, clientKey, preview]);

  const src = preview ?? (loaded && loaded.id === imageId ? loaded.url : null);
  const alt = t('chat.photoAlt', { name: from });
  if (failed && !src) return <p className="vc-chat__state">{t('chat.photoFailed')}</p>;
  return (
    <>
      <button
        type="button"
        className="vc-chat__photo"
        aria-label={t('chat.viewPhoto', { name: from })}
        disabled={!src}
        onClick={() => setFull(true)}
        style={image ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
      >
        {src ? (
          <img src={src} alt={alt} width={image?.width} height={image?.height} />
        ) : (
          <span className="vc-spinner" aria-hidden="true" />
        )}
      </button>
      {full && src && <PhotoViewer src={src} alt={alt} onClose={() => setFull(false)} />}
    </>
  );
}

/** The photo over everything, as large as the screen allows; Escape or 'Cerrar foto' closes. */
function PhotoViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation('video');
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true);
  return (
    <div
      ref={ref}
      className="vc-photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      data-over-call=""
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <img src={src} alt={alt} />
      <button type="button" className="vc-button" data-autofocus="" onClick={onClose}>
        {t('chat.closePhoto')}
      </button>
    </div>
  );
}
