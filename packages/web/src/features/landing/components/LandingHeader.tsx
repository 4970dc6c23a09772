import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/language-toggle';
import type { PublicSalonProfile } from '@belleza/contract';
import type { SectionId } from '../content/landing-content';
import { CataloguePicture } from './CataloguePicture';
import { Icon } from './Icon';

/** Where the salon's logo renditions are (GET /api/salon/logo/{size}.{format}?v=…). */
export const SALON_LOGO_BASE = '/api/salon/logo';

/**
 * Brand, section links (the one being read is marked current, islands/menu.ts), language, staff
 * login; below 1024 px the links fold into a menu the script opens and closes.
 */
export function LandingHeader({
  sections,
  salon,
}: {
  /** the salon's logo, when it has one */
  salon: Pick<PublicSalonProfile, 'logo'>;
  /** the sections on the page (the salon's own ones only with content) */
  sections: readonly SectionId[];
}) {
  const { t } = useTranslation('landing');
  return (
    <header className="lp-header">
      <div className="lp-header__inner">
        <a className="lp-brand" href="#inicio">
          {salon.logo ? (
            <CataloguePicture
              base={SALON_LOGO_BASE}
              photo={salon.logo}
              px={40}
              sizes="40px"
              alt=""
              className="lp-brand__logo"
            />
          ) : (
            // A neutral mark until the salon uploads its logo (the same in the build and the page).
            <span className="lp-brand__mark" aria-hidden="true">
              ✦
            </span>
          )}
          {t('brand')}
        </a>
        <button
          type="button"
          className="lp-header__menu"
          aria-expanded="false"
          aria-controls="lp-nav"
          aria-label={t('nav.openMenu')}
          data-menu-toggle
        >
          <span data-menu-icon="closed">
            <Icon name="menu" />
          </span>
          <span data-menu-icon="open" hidden>
            <Icon name="close" />
          </span>
        </button>
        <nav id="lp-nav" className="lp-nav" aria-label={t('nav.label')}>
          <ul>
            {sections.map((id, i) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="lp-nav__link"
                  aria-current={i === 0 ? 'location' : undefined}
                  data-section-link={id}
                >
                  {t(`nav.${id}`)}
                </a>
              </li>
            ))}
          </ul>
          <div className="lp-nav__extra">
            <LanguageToggle />
            <a href="/advisor/login" className="lp-nav__staff">
              {t('nav.staff')}
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
