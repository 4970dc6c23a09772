/**
 * Entry of `index.html`: the single-page app of every route but `/` (advisor and admin areas,
 * login, 404). The landing page is its own entry (`landing.tsx`), so neither carries the other.
 */
// First: zod's setting must be in place before any schema is built.
import './lib/zod-config';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from './app/AppRoot';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';

void initI18n();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');
createRoot(container).render(<AppRoot router={<RouterProvider router={router} />} />);
