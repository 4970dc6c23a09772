import type { AdvisorPhoto } from '@belleza/contract';
import { initialsOf } from '@/lib/initials';
import { advisorPhotoSizeFor, advisorPhotoSrcSet, advisorPhotoUrl } from './photo-url';
import './advisor-portrait.css';

export type AdvisorPortraitProps = {
  advisorId: string;
  name: string;
  photo: AdvisorPhoto | null;
  /** the largest edge it is drawn at, in CSS pixels (picks the rendition before any layout) */
  px: number;
  /** `sizes` when the edge changes with the screen; `${px}px` otherwise */
  sizes?: string;
  /** the round box's class: its size, colour and type come from the caller's styles */
  className: string;
  /** lazy below the fold (the landing's team), eager where it is the first thing she sees */
  loading?: 'lazy' | 'eager';
};

/**
 * A stylist's round portrait: her initials on the box, her photo over them filling exactly the box
 * (CLS 0: the box does not depend on the picture). AVIF where the browser reads it, WebP
 * otherwise. Hidden from screen readers: her name is always written beside it.
 */
export function AdvisorPortrait({
  advisorId,
  name,
  photo,
  px,
  sizes = `${px}px`,
  className,
  loading = 'lazy',
}: AdvisorPortraitProps) {
  const fallback = photo ? (photo.formats.includes('webp') ? 'webp' : photo.formats[0]) : null;
  return (
    <span className={`advisor-portrait ${className}`} aria-hidden="true">
      {initialsOf(name)}
      {photo && fallback && (
        <picture className="advisor-portrait__photo">
          {photo.formats.includes('avif') && fallback !== 'avif' && (
            <source
              type="image/avif"
              srcSet={advisorPhotoSrcSet(advisorId, photo, 'avif')}
              sizes={sizes}
            />
          )}
          <img
            src={advisorPhotoUrl(advisorId, photo, advisorPhotoSizeFor(photo, px), fallback)}
            srcSet={advisorPhotoSrcSet(advisorId, photo, fallback)}
            sizes={sizes}
            width={px}
            height={px}
            loading={loading}
            decoding="async"
            alt=""
          />
        </picture>
      )}
    </span>
  );
}
