/**
 * A stored photo in the staff screens (an advisor's portrait, a service's or a gallery item's
 * photo): the current photo (or a placeholder), 'Subir foto' to pick a new one and 'Quitar foto'.
 * Each takes effect at once, apart from the form around it; `onChange` lets the screen update what
 * it shows. The photo is read with the session (it may not be public). The server's photo pipeline
 * makes the renditions; this field refuses on the device only what the server would refuse too.
 */
import {
  ADVISOR_PHOTO_MAX_BYTES,
  ADVISOR_PHOTO_UPLOAD_TYPES,
  type AdvisorPhoto,
} from '@belleza/contract';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { requestBlob } from '@/lib/api-client';
import { advisorPhotoSizeFor, renditionUrl } from './photo-url';
import './advisor-photo.css';

/** The preview's edge in CSS pixels (twice that in device pixels on most screens). */
const PREVIEW_PX = 96;
const ACCEPT = ADVISOR_PHOTO_UPLOAD_TYPES.join(',');
const acceptedTypes: ReadonlySet<string> = new Set(ADVISOR_PHOTO_UPLOAD_TYPES);

type Refusal = 'tooLarge' | 'unsupported' | 'heic';

/** What the server would refuse anyway, refused on the device without the upload. */
function refusalOf(file: Blob): Refusal | null {
  if (!acceptedTypes.has(file.type)) return 'unsupported';
  if (file.size > ADVISOR_PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The server's refusals of a photo, in this field's words; null for any other failure. */
function serverRefusal(error: unknown): Refusal | null {
  if (!isApiError(error)) return null;
  if (error.code === 'IMAGE_TOO_LARGE') return 'tooLarge';
  if (error.code !== 'UNSUPPORTED_IMAGE') return null;
  const format = (error.details as { format?: unknown } | undefined)?.format;
  return format === 'heic' ? 'heic' : 'unsupported';
}

/** The stored photo as an object URL while shown; null while loading, without one, or on failure. */
function usePhotoPreview(base: string, photo: AdvisorPhoto | null): string | null {
  const [preview, setPreview] = useState<{ version: string; url: string } | null>(null);
  const version = photo?.version ?? null;
  const photoRef = useRef(photo);
  useEffect(() => {
    photoRef.current = photo;
  });
  useEffect(() => {
    const current = photoRef.current;
    if (!current) return;
    const controller = new AbortController();
    let url: string | null = null;
    const size = advisorPhotoSizeFor(current, PREVIEW_PX * 2);
    const format = current.formats.includes('webp') ? 'webp' : current.formats[0];
    if (!format) return;
    requestBlob(renditionUrl(base, current, size, format), { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setPreview({ version: current.version, url });
      },
      () => undefined, // the placeholder stays: a preview is not worth an error
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [base, version]);
  return preview && preview.version === version ? preview.url : null;
}

export type PhotoFieldProps = {
  /** the photo's path (…/photo): PUT uploads, DELETE removes, …/{size}.{format} reads */
  base: string;
  photo: AdvisorPhoto | null;
  label: string;
  hint: string;
  /** the preview's alt text */
  previewAlt: string;
  /** shown without a photo (an advisor's initials) */
  placeholder: ReactNode;
  upload: (file: Blob) => Promise<AdvisorPhoto>;
  /** without it, the photo can be replaced but not removed */
  remove?: () => Promise<void>;
  /** after a photo was stored (the new one) or removed (null) */
  onChange: (photo: AdvisorPhoto | null) => void;
};

export function PhotoField({
  base,
  photo,
  label,
  hint,
  previewAlt,
  placeholder,
  upload,
  remove,
  onChange,
}: PhotoFieldProps) {
  const { t } = useTranslation('advisor-photo');
  const [current, setCurrent] = useState(photo);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const preview = usePhotoPreview(base, current);

  const fail = (refusal: Refusal | null, cause: unknown, fallback: string) =>
    setError(refusal ? t(`errors.${refusal}`) : errorMessage(cause, fallback));

  const handlePick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    setError(null);
    setStatus(null);
    const local = refusalOf(file);
    if (local) return setError(t(`errors.${local}`));
    setBusy('upload');
    try {
      const stored = await upload(file);
      setCurrent(stored);
      setStatus(t('uploaded'));
      onChange(stored);
    } catch (err) {
      fail(serverRefusal(err), err, t('errors.uploadFailed'));
    } finally {
      setBusy(null);
    }
  };

  const handleRemove = async () => {
    if (!remove) return;
    setError(null);
    setStatus(null);
    setBusy('remove');
    try {
      await remove();
      setCurrent(null);
      setStatus(t('removed'));
      onChange(null);
    } catch (err) {
      fail(null, err, t('errors.removeFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="advisor-photo" role="group" aria-label={label} aria-describedby={hintId}>
      <span className="advisor-photo__frame">
        {current && preview ? (
          <img src={preview} alt={previewAlt} width={PREVIEW_PX} height={PREVIEW_PX} />
        ) : (
          <span className="advisor-photo__initials" aria-hidden="true">
            {placeholder}
          </span>
        )}
      </span>
      <div className="advisor-photo__body">
        <p className="advisor-photo__label">{label}</p>
        <p id={hintId} className="advisor-photo__hint">
          {hint}
        </p>
        <div className="advisor-photo__actions">
          <Button
            size="sm"
            variant="secondary"
            loading={busy === 'upload'}
            disabled={busy !== null}
            onClick={() => inputRef.current?.click()}
          >
            {busy === 'upload' ? t('uploading') : current ? t('replace') : t('upload')}
          </Button>
          {current && remove && (
            <Button
              size="sm"
              variant="ghost"
              loading={busy === 'remove'}
              disabled={busy !== null}
              onClick={() => void handleRemove()}
            >
              {busy === 'remove' ? t('removing') : t('remove')}
            </Button>
          )}
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(event) => void handlePick(event)}
        />
        {error && (
          <p className="advisor-photo__error" role="alert">
            {error}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
