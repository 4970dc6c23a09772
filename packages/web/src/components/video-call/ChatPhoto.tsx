/**
 * A photo in the chat: fetched with the screen's credentials (an <img> cannot send the visitor's
 * key), shown at its stored proportions so the log does not jump, and opened full size on a
 * press. Her own photo shows from her device until the server has it.
 */
import type { ChatImage } from '@belleza/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { PhotoMarkup } from './PhotoMarkup';
import { fetchChatImage, type ChatAuth } from './video-call.api';
import './video-call.css';

/** The hair colour preview, fetched when a stylist first opens it. */
const ColourPreview = lazy(() => import('@/components/colour-preview'));

type Props = {
  callId: string;
  image: Omit<ChatImage, 'callId'> | null;
  auth: ChatAuth;
  /** an object URL of her own photo, before and after the upload */
  preview?: string | undefined;
  /** who sent it, for its description */
  from: string;
  /** fetches the bytes another way (the visitor's summary, with its own key) */
  load?: ((imageId: string) => Promise<Blob>) | undefined;
  /** offered in the full-size view: draw on the photo and send the drawn copy */
  onMarkup?: ((drawn: Blob) => void) | undefined;
  /** offered in the full-size view: try a colour on her hair, send the before/after */
  onColourPreview?: ((preview: Blob, caption: string) => void) | undefined;
};

export function ChatPhoto({
  callId,
  image,
  auth,
  preview,
  from,
  load,
  onMarkup,
  onColourPreview,
}: Props) {
  const { t } = useTranslation('video');
  const [loaded, setLoaded] = useState<{ id: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [full, setFull] = useState(false);
  const [marking, setMarking] = useState(false);
  const [trying, setTrying] = useState(false);
  const clientKey = auth?.clientKey;
  const imageId = image?.id;
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (preview || !imageId) return;
    let live = true;
    let url: string | null = null;
    const bytes = loadRef.current
      ? loadRef.current(imageId)
      : fetchChatImage(callId, imageId, clientKey ? { clientKey } : null);
    bytes.then(
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
      {full && src && !marking && !trying && (
        <PhotoViewer
          src={src}
          alt={alt}
          onClose={() => setFull(false)}
          onMarkup={onMarkup ? () => setMarking(true) : undefined}
          onColourPreview={onColourPreview ? () => setTrying(true) : undefined}
        />
      )}
      {trying && src && onColourPreview && (
        <Suspense fallback={<span className="vc-spinner" role="status" aria-label="…" />}>
          <ColourPreview
            src={src}
            alt={alt}
            onSend={onColourPreview}
            onClose={() => {
              setTrying(false);
              setFull(false);
            }}
          />
        </Suspense>
      )}
      {marking && src && onMarkup && (
        <PhotoMarkup
          src={src}
          alt={alt}
          onSend={onMarkup}
          onClose={() => {
            setMarking(false);
            setFull(false);
          }}
        />
      )}
    </>
  );
}

/** The photo over everything, as large as the screen allows; Escape or 'Cerrar foto' closes. */
type ViewerProps = {
  src: string;
  alt: string;
  onClose: () => void;
  onMarkup?: (() => void) | undefined;
  onColourPreview?: (() => void) | undefined;
};

function PhotoViewer({ src, alt, onClose, onMarkup, onColourPreview }: ViewerProps) {
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
      <div className="vc-photo-viewer__actions">
        {onMarkup && (
          <button type="button" className="vc-button" onClick={onMarkup}>
            {t('markup.open')}
          </button>
        )}
        {onColourPreview && (
          <button type="button" className="vc-button" onClick={onColourPreview}>
            {t('chat.tryColour')}
          </button>
        )}
        <button type="button" className="vc-button" data-autofocus="" onClick={onClose}>
          {t('chat.closePhoto')}
        </button>
      </div>
    </div>
  );
}
