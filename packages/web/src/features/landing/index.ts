// The landing page as the render sees it (src/prerender/landing.tsx): its tree, the salon's
// content it takes, and the texts its script writes later. The script itself is islands/landing.ts.
export { LandingPage } from './LandingPage';
export { EMPTY_LANDING_CONTENT, EMPTY_SALON, type LandingContent } from './content/landing-data';
export { ISLAND_TEXT_KEYS, LANDING_TEXTS_SCRIPT_ID, PLURAL_SUFFIXES } from './content/island-texts';
