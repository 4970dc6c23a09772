import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import './layouts.css';

/** Advisor area: the same header as the admin area, its one page (the dashboard) below. */
function AdvisorLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="staff-layout staff-layout--advisor">
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <div className="staff-layout__main">
        <AppHeader nameFallback={t('header.advisorFallback')} />
        <main id="main-content" className="staff-layout__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default AdvisorLayout;
