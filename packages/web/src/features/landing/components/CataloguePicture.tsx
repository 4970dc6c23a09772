import type { CataloguePhoto } from '@belleza/contract';
import {
  advisorPhotoSizeFor,
  fallbackFormat,
  renditionSrcSet,
  renditionUrl,
} from '@/components/advisor-photo/photo-url';

/**
 * A catalogue photo (a service's, a gallery item's) in a square box of `px` CSS pixels at most:
 * AVIF where the browser reads it, WebP otherwise, the rendition for the screen's density.
 */
export function CataloguePicture({
  base,
  photo,
  px,
  sizes,
  alt,
  className,
}: {
  /** the photo's path (…/photo), without size and format */
  base: string;
  photo: CataloguePhoto;
  px: number;
  /** the `sizes` attribute: the rendered width per breakpoint */
  sizes: string;
  alt: string;
  className?: string;
}) {
  const fallback = fallbackFormat(photo);
  if (!fallback) return null;
  return (
    <picture className={className}>
      {photo.formats.includes('avif') && fallback !== 'avif' && (
        <source type="image/avif" srcSet={renditionSrcSet(base, photo, 'avif')} sizes={sizes} />
      )}
      <img
        src={renditionUrl(base, photo, advisorPhotoSizeFor(photo, px), fallback)}
        srcSet={renditionSrcSet(base, photo, fallback)}
        sizes={sizes}
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        alt={alt}
      />
    </picture>
  );
}
