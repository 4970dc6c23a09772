/** Picking a photo to send: the checks made before any upload, and the device's picker. */
import { CHAT_IMAGE_MAX_BYTES } from '@belleza/contract';
import type { RefObject } from 'react';

/** What the server would refuse anyway, refused on the device without the upload. */
export function photoRefusal(photo: Blob): 'UNSUPPORTED_IMAGE' | 'IMAGE_TOO_LARGE' | null {
  if (!photo.type.startsWith('image/')) return 'UNSUPPORTED_IMAGE';
  if (photo.size > CHAT_IMAGE_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}

/** The device's photo picker (on a phone: the camera or the gallery), opened by the caller's button. */
export function PhotoInput({
  inputRef,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (photo: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      hidden
      onChange={(e) => {
        const photo = e.target.files?.[0];
        e.target.value = '';
        if (photo) onPick(photo);
      }}
    />
  );
}
