/**
 * The landing page as its own small app (entry `src/landing.tsx`, document `landing.html`, served
 * for `/`): no router, no server-state cache, only i18n around the page. The build prerenders this
 * same tree to HTML (src/prerender/landing.tsx), so the browser hydrates it as it is.
 * Links to the staff area are plain links into the SPA (index.html).
 */
import { StrictMode, useLayoutEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { LandingPage } from './LandingPage';

/** Namespaces the landing page needs before it renders (the consultation loads its own). */
export const LANDING_NAMESPACES = ['common', 'landing'] as const;

const nothing = () => undefined;

/** The landing page's tab title, in the active language. */
function DocumentTitle() {
  const { t } = useTranslation('common');
  useLayoutEffect(() => {
    document.title = t('titles.landing');
  }, [t]);
  return null;
}

/** Runs `onCommit` once React's DOM is in place (after the first render or hydration). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

export function LandingRoot({ onCommit = nothing }: { onCommit?: () => void }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DocumentTitle />
        <LandingPage />
      </I18nextProvider>
      <Committed onCommit={onCommit} />
    </StrictMode>
  );
}
