import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteNotFoundError } from '../guards';
import { setTitleOverride } from '../route-handle';
import { NotFoundPage } from './NotFoundPage';
import './pages.css';

/** Route error boundary: a failed role check or a 404 is the not-found page; anything else a short apology. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (
    error instanceof RouteNotFoundError ||
    (isRouteErrorResponse(error) && error.status === 404)
  ) {
    return <NotFoundPage />;
  }
  return <UnexpectedError error={error} />;
}

function UnexpectedError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    console.error(error);
    setTitleOverride({ titleKey: 'titles.error' });
    return () => setTitleOverride(null);
  }, [error]);
  return (
    <main id="main-content" className="status-page">
      <h1 className="status-page__title">{t('errorPage.title')}</h1>
      <p className="status-page__message">{t('errorPage.message')}</p>
      <button
        type="button"
        className="btn btn--primary btn--md"
        onClick={() => window.location.reload()}
      >
        {t('errorPage.reload')}
      </button>
    </main>
  );
}
