/**
 * Build-time only (never part of the browser bundle): the landing page rendered to HTML in Spanish,
 * so a visitor's phone paints the page from the HTML and CSS before any JavaScript runs. It renders
 * the app's own tree (AppRoot, the real routes through a static router) so the browser can hydrate
 * it (main.tsx). Called by the `belleza:prerender-landing` plugin in vite.config.ts.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from '@/app/AppRoot';
import { routes } from '@/app/routes';
import { ALL_NAMESPACES, DEFAULT_LANGUAGE, i18n, initI18n } from '@/lib/i18n';

export async function renderLanding(): Promise<string> {
  await initI18n(ALL_NAMESPACES);
  if (i18n.language !== DEFAULT_LANGUAGE) throw new Error('the prerender must be in Spanish');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`prerendering / answered ${context.status}`);
  if (context.errors) throw new Error(`prerendering / failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data: the browser's router runs its own (cheap) loaders before hydrating.
  return renderToString(
    <AppRoot router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />,
  );
}
