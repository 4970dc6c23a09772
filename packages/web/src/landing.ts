/**
 * Entry of `landing.html`, the page served for `/` (docs/product.md#landing-page). The page
 * arrives complete: the server renders it with the salon's own content in the visitor's language
 * (src/prerender/landing.tsx), so a phone paints it before any script runs. This small script runs
 * no framework: it wires what moves and loads the consultation (React) on intent and on idle
 * (features/landing/islands). Its size is a budget of the build (scripts/web-budgets.mjs).
 */
import { startLanding } from './features/landing/islands/landing';
import './styles/tokens.css';
import './styles/base.css';
import './components/language-toggle/language-toggle.css';
import './components/advisor-photo/advisor-portrait.css';
import './features/landing/landing.css';

startLanding();
