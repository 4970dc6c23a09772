/**
 * Entry of `landing.html`, the page served for `/` (docs/product.md#landing-page). It arrives with
 * the page prerendered inside `#root`, in the language the visitor chose (the server picks
 * `landing.html` or `landing.en.html` by the language cookie), so a phone paints it before any
 * JavaScript runs; this script then takes it over. When the stored choice matches the document's
 * language the first render equals the HTML, so React hydrates it and keeps the DOM as is;
 * otherwise (the cookie and the storage disagree, the admin's currency is not the build's, or the
 * salon's profile has texts, contacts or hours the build could not know) it is rendered afresh: hydrating would only report a mismatch and then do the same. Both run as a
 * transition, in small slices, so the phone's main thread stays responsive. `#root` is inert until
 * React owns it, so no click lands on a button that does nothing yet. Nothing here builds a zod
 * schema: zod and its setting come with the consultation's module.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  LANDING_NAMESPACES,
  LandingRoot,
  embeddedSalonProfile,
  salonChangesLanding,
} from './features/landing';
import { DEFAULT_CURRENCY } from '@belleza/contract';
import { initI18n, readStoredLanguage, siteCurrency } from './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');

const onCommit = () => {
  container.removeAttribute('inert');
  delete container.dataset.prerendered;
};

initI18n(LANDING_NAMESPACES).then(
  () =>
    startTransition(() => {
      const app = <LandingRoot onCommit={onCommit} />;
      const prerenderedIn = document.documentElement.lang;
      // The prerendered prices are in the build's currency (soles), and it knows no salon profile.
      if (
        container.dataset.prerendered &&
        readStoredLanguage() === prerenderedIn &&
        siteCurrency() === DEFAULT_CURRENCY &&
        !salonChangesLanding(embeddedSalonProfile())
      )
        hydrateRoot(container, app);
      else createRoot(container).render(app);
    }),
  // Without its texts the page cannot run; the prerendered one stays readable and its links work.
  () => container.removeAttribute('inert'),
);
