import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/language-toggle';
import type { PublicSalonProfile } from '@belleza/contract';
import type { SectionId } from '../content/landing-content';
import { CataloguePicture } from './CataloguePicture';
import { Icon } from './Icon';

/** Brand, section links (the one being read is marked current), language, staff login. */
/** Where the salon's logo renditions are (GET /api/salon/logo/{size}.{format}?v=…). */
export const SALON_LOGO_BASE = '/api/salon/logo';

export function LandingHeader({
  active,
  sections,
  salon,
}: {
  /** the salon's logo, when it has one */
  salon: Pick<PublicSalonProfile, 'logo'>;
  active: SectionId;
  /** the sections on the page (the salon's own ones only once they have content) */
  sections: readonly SectionId[];
}) {
  const { t } = useTranslation('landing');
  const [menuOpen, setMenuOpen] = useState(false);
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
          aria-expanded={menuOpen}
          aria-controls="lp-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        <nav
          id="lp-nav"
          className={`lp-nav${menuOpen ? ' lp-nav--open' : ''}`}
          aria-label={t('nav.label')}
        >
          <ul>
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="lp-nav__link"
                  aria-current={active === id ? 'location' : undefined}
                  onClick={() => setMenuOpen(false)}
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
