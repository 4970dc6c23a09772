import { useTranslation } from 'react-i18next';
import { GALLERY } from '../content/landing-content';

export function Gallery() {
  const { t } = useTranslation('landing');
  return (
    <section id="galeria" className="lp-section" aria-labelledby="lp-gallery-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('gallery.eyebrow')}</p>
        <h2 id="lp-gallery-title">{t('gallery.title')}</h2>
        <p>{t('gallery.lead')}</p>
      </header>
      <ul className="lp-gallery">
        {GALLERY.map((g) => (
          <li key={g.id}>
            <figure>
              {/* The caption names the picture; repeating it as alt text reads it twice. */}
              <img src={g.image} alt="" width={400} height={300} loading="lazy" decoding="async" />
              <figcaption>{t(`gallery.items.${g.id}`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
