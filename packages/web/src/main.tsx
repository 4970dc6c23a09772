import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from './app/AppRoot';
import { createAppRouter } from './app/router';
import { loadSavedCall } from './features/landing/consultation/saved-call';
import { DEFAULT_LANGUAGE, initI18n, readStoredLanguage } from './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';

void initI18n();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');

/**
 * `/` arrives with the landing page prerendered in `#root` (landing.html, Spanish), so a phone
 * paints it before any JavaScript runs. Rendering at once would swap it for the loading spinner
 * until the route's code and texts arrive; instead the page stays until the router has loaded the
 * landing route, then React hydrates it: same tree as the prerender, so the DOM is kept as is.
 * A visitor whose first render differs from the HTML (English chosen, or a call in progress that
 * shows the recovery banner) gets the page rendered afresh instead, in one commit once the route
 * is ready: hydrating would only report a mismatch and then do the same.
 * Both run as a transition, in small slices, so the phone's main thread stays responsive.
 * `#root` is inert until React owns it, so no click lands on a button that does nothing yet.
 */
function takeOverPrerendered(target: HTMLElement): void {
  const onCommit = () => {
    target.removeAttribute('inert');
    delete target.dataset.prerendered;
  };
  const app = <AppRoot router={<RouterProvider router={router} />} onCommit={onCommit} />;
  const hydrate = () =>
    startTransition(() => {
      const asPrerendered = readStoredLanguage() === DEFAULT_LANGUAGE && loadSavedCall() === null;
      if (asPrerendered) hydrateRoot(target, app);
      else createRoot(target).render(app);
    });
  if (router.state.initialized) {
    hydrate();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    hydrate();
  });
}

if (container.dataset.prerendered) takeOverPrerendered(container);
else createRoot(container).render(<AppRoot router={<RouterProvider router={router} />} />);
