// The widget's page (`embed.html`, entry src/embed.tsx); the landing page never imports it.
export { embedLanguage } from './embed-context';
export { EMBED_NAMESPACES, EmbedRoot } from './EmbedPage';
export { prepareFrameStorage } from './frame-storage';
