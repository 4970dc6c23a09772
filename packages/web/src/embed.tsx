/**
 * Entry of `embed.html`, the page served for `/embed` inside the widget's frame on a salon's own
 * website: the consultation alone, in the language the snippet asked for (`data-lang`, else the
 * salon's default), on a transparent page (features/landing/embed), its saved consultation in
 * localStorage or, where the browser denies the frame storage, in a partitioned cookie.
 */
// First: zod's setting must be in place before any schema is built.
import './lib/zod-config';
import { createRoot } from 'react-dom/client';
import {
  EMBED_NAMESPACES,
  EmbedRoot,
  embedLanguage,
  prepareFrameStorage,
} from './features/landing/embed';
import { changeLanguage, currentLanguage, initI18n } from './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');

const language = embedLanguage();
Promise.all([
  initI18n(EMBED_NAMESPACES).then(() =>
    currentLanguage() === language ? undefined : changeLanguage(language),
  ),
  // Where the browser denies this cross-site frame its storage, the saved consultation comes
  // from the server's partitioned cookie instead (before the first render reads it).
  prepareFrameStorage(),
]).then(
  () => createRoot(container).render(<EmbedRoot />),
  // Without its texts the page stays empty: the widget, never told 'ready', keeps its button.
  (error: unknown) => console.error(error),
);
