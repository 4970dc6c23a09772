import {
  PRIVACY_PATH,
  SALON_SOCIAL_NETWORKS,
  telUrl,
  whatsappUrl,
  type PublicSalonProfile,
} from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import type { SectionId } from '../content/landing-content';

/** Weekday names in the page's language from Intl (1 Jan 2024 was a Monday). */
const weekdayNames = (language: string) => {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return (day: string) => {
    const name = format.format(Date.UTC(2024, 0, 1 + WEEK.indexOf(day)));
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
};
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * The foot of the page: the salon's name, the sections, and how to reach it as its owner entered
 * it in "Mi salón" (address, phone, WhatsApp, e-mail, social links, opening hours). A line the
 * salon left empty is not there; with no contact at all, neither is the contact heading.
 */
export function LandingFooter({
  sections,
  salon,
}: {
  sections: readonly SectionId[];
  salon: PublicSalonProfile;
}) {
  const { t, i18n } = useTranslation('landing');
  const dayName = weekdayNames(i18n.language);
  const year = new Date().getFullYear();
  const social = SALON_SOCIAL_NETWORKS.filter((n) => salon.social[n] !== '');
  const hasContact =
    [salon.address, salon.phone, salon.whatsapp, salon.email].some(Boolean) || social.length > 0;
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <div>
          <p className="lp-footer__brand">{t('brand')}</p>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navLabel')}>
          <ul>
            {sections.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{t(`nav.${id}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        {hasContact && (
          <div>
            <p className="lp-footer__heading">{t('footer.contactTitle')}</p>
            <ul className="lp-footer__contact">
              {salon.address && <li>{salon.address}</li>}
              {salon.phone && (
                <li>
                  {t('footer.phone')} <a href={telUrl(salon.phone)}>{salon.phone}</a>
                </li>
              )}
              {salon.whatsapp && (
                <li>
                  <a href={whatsappUrl(salon.whatsapp)} target="_blank" rel="noopener noreferrer">
                    {t('footer.whatsapp', { number: salon.whatsapp })}
                  </a>
                </li>
              )}
              {salon.email && (
                <li>
                  <a href={`mailto:${salon.email}`}>{salon.email}</a>
                </li>
              )}
              {social.map((network) => (
                <li key={network}>
                  <a href={salon.social[network]} target="_blank" rel="noopener noreferrer">
                    {t(`footer.social.${network}`)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {salon.openHours.length > 0 && (
          <div>
            <p className="lp-footer__heading">{t('footer.hoursTitle')}</p>
            <ul className="lp-footer__hours">
              {salon.openHours.map((d) => (
                <li key={d.day}>
                  {t('footer.hoursDay', {
                    day: dayName(d.day),
                    start: d.start,
                    end: d.end,
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <ul>
            <li>
              <a href="/advisor/login">{t('nav.staff')}</a>
            </li>
            <li>
              <a href={PRIVACY_PATH}>{t('footer.privacy')}</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="lp-footer__legal">{t('footer.legal', { year })}</p>
    </footer>
  );
}
