import { PRIVACY_PATH } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { SECTION_IDS } from '../content/landing-content';

export function LandingFooter() {
  const { t } = useTranslation('landing');
  const year = new Date().getFullYear();
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <div>
          <p className="lp-footer__brand">{t('brand')}</p>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navLabel')}>
          <ul>
            {SECTION_IDS.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{t(`nav.${id}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="lp-footer__heading">{t('footer.contactTitle')}</p>
          <p>{t('footer.hours')}</p>
          <p>{t('footer.email')}</p>
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
