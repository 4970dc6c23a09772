/**
 * The salon's own photos (Admin → Galería), each with the alt text the admin wrote and its caption
 * when there is one. Absent while it is empty.
 */
import type { PublicGalleryItem } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { CataloguePicture } from './CataloguePicture';

const TILE_PX = 400;
const TILE_SIZES = '(max-width: 599px) 92vw, (max-width: 1023px) 46vw, 400px';

export function Gallery({ items }: { items: readonly PublicGalleryItem[] }) {
  const { t } = useTranslation('landing');
  if (items.length === 0) return null;
  return (
    <section id="galeria" className="lp-section" aria-labelledby="lp-gallery-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('gallery.eyebrow')}</p>
        <h2 id="lp-gallery-title">{t('gallery.title')}</h2>
      </header>
      <ul className="lp-gallery">
        {items.map((g) => (
          <li key={g.itemId}>
            <figure>
              <CataloguePicture
                base={`/api/gallery/${encodeURIComponent(g.itemId)}/photo`}
                photo={g.photo}
                px={TILE_PX}
                sizes={TILE_SIZES}
                alt={g.alt}
              />
              {g.caption && <figcaption>{g.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
