import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setTitleOverride } from '../route-handle';
import './pages.css';

/** 'Página no encontrada': unknown paths and failed role/permission checks. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useEffect(() => {
    setTitleOverride({ titleKey: 'titles.notFound' });
    return () => setTitleOverride(null);
  }, []);
  return (
    <main id="main-content" className="status-page">
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__message">{t('notFound.message')}</p>
      <Link className="btn btn--primary btn--md" to="/" reloadDocument>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
