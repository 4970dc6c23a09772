import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/language-toggle';
import { SECTION_IDS, type SectionId } from '../content/landing-content';
import { Icon } from './Icon';

/** Brand, section links (the one being read is marked current), language, staff login. */
export function LandingHeader({ active }: { active: SectionId }) {
  const { t } = useTranslation('landing');
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="lp-header">
      <div className="lp-header__inner">
        <a className="lp-brand" href="#inicio">
          <span className="lp-brand__mark" aria-hidden="true">
            B
          </span>
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
            {SECTION_IDS.map((id) => (
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
