/**
 * The salon's services as its admins entered them (Admin → Servicios), active ones only, grouped by
 * category in display order: photo, name, description, duration, and a price only where the salon
 * entered one. Absent until the list arrives and while it is empty: never invented treatments.
 * Each service's button opens the free consultation with a message naming it (`data-message`).
 */
import { formatMoney, type Currency, type PublicService } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { CataloguePicture } from './CataloguePicture';

const PHOTO_PX = 384;
const PHOTO_SIZES = '(max-width: 767px) 92vw, 360px';

/** Services by category, categories in the order of their first service. */
export function byCategory(services: readonly PublicService[]): [string, PublicService[]][] {
  const groups = new Map<string, PublicService[]>();
  for (const s of services) {
    const group = groups.get(s.category);
    if (group) group.push(s);
    else groups.set(s.category, [s]);
  }
  return [...groups];
}

const servicePhotoBase = (serviceId: string) =>
  `/api/services/${encodeURIComponent(serviceId)}/photo`;

function ServiceCard({ service, currency }: { service: PublicService; currency: Currency }) {
  const { t } = useTranslation('landing');
  return (
    <li className="lp-card lp-offer">
      {service.photo && (
        <CataloguePicture
          className="lp-offer__photo"
          base={servicePhotoBase(service.serviceId)}
          photo={service.photo}
          px={PHOTO_PX}
          sizes={PHOTO_SIZES}
          alt=""
        />
      )}
      <h4>{service.name}</h4>
      {service.description && <p>{service.description}</p>}
      {(service.durationMinutes !== null || service.price !== null) && (
        <p className="lp-offer__meta">
          {service.durationMinutes !== null && (
            <span>{t('catalogue.duration', { minutes: service.durationMinutes })}</span>
          )}
          {service.price !== null && (
            <span className="lp-offer__price">{formatMoney(service.price, currency)}</span>
          )}
        </p>
      )}
      <button
        type="button"
        className="lp-link-button"
        data-call-button
        data-message={t('catalogue.interest', { service: service.name })}
      >
        {t('catalogue.ask', { service: service.name })}
      </button>
    </li>
  );
}

export function Catalogue({
  services,
  currency,
}: {
  /** absent while empty */
  services: readonly PublicService[];
  /** the admin's `system.currency` */
  currency: Currency;
}) {
  const { t } = useTranslation('landing');
  if (services.length === 0) return null;
  return (
    <section
      id="catalogo"
      className="lp-section lp-section--tinted"
      aria-labelledby="lp-catalogue-title"
    >
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('catalogue.eyebrow')}</p>
        <h2 id="lp-catalogue-title">{t('catalogue.title')}</h2>
        <p>{t('catalogue.lead')}</p>
      </header>
      {byCategory(services).map(([category, list]) => (
        <div key={category} className="lp-offers">
          <h3 className="lp-offers__category">{category}</h3>
          <ul className="lp-offers__list">
            {list.map((s) => (
              <ServiceCard key={s.serviceId} service={s} currency={currency} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
