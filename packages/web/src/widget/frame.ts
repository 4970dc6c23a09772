/** The consultation's iframe (the app's `/embed`): its address, its layouts and its messages. */
import {
  EMBED_FRAME_ALLOW,
  EMBED_MESSAGE_SOURCE,
  EMBED_PATH,
  EMBED_QUERY,
  type EmbedLayout,
  type EmbedToHostMessage,
} from '@belleza/contract';
import type { WidgetOptions } from './options';
import { WIDGET_Z_INDEX } from './styles';

/** A banner's height is the frame's to choose, within these bounds (CSS pixels). */
export const BANNER_MIN_HEIGHT = 40;
export const BANNER_MAX_HEIGHT = 240;
const BANNER_DEFAULT_HEIGHT = 64;

export function embedUrl(options: WidgetOptions, hostOrigin: string): string {
  const query = new URLSearchParams({
    [EMBED_QUERY.host]: hostOrigin,
    [EMBED_QUERY.lang]: options.language,
    [EMBED_QUERY.subject]: options.subject,
  });
  return `${options.appOrigin}${EMBED_PATH}?${query.toString()}`;
}

export function createFrame(parent: Element, src: string, title: string): HTMLIFrameElement {
  const frame = parent.ownerDocument.createElement('iframe');
  frame.src = src;
  frame.allow = EMBED_FRAME_ALLOW;
  frame.title = title;
  applyLayout(frame, 'hidden');
  parent.append(frame);
  return frame;
}

/** The frame's box for a layout; inline styles, which nothing outside the shadow root can reach. */
export function applyLayout(frame: HTMLIFrameElement, layout: EmbedLayout, height?: number): void {
  const style = frame.style;
  // A transparent frame over the page: `normal` keeps a dark-scheme page from painting it opaque.
  style.cssText = 'border:0;color-scheme:normal;background:transparent;margin:0;padding:0';
  if (layout === 'hidden') {
    style.display = 'none';
    return;
  }
  style.display = 'block';
  style.position = 'fixed';
  style.zIndex = String(WIDGET_Z_INDEX);
  style.left = '0';
  style.bottom = '0';
  style.maxWidth = 'none';
  style.maxHeight = 'none';
  if (layout === 'overlay') {
    style.top = '0';
    style.right = '0';
    style.width = '100vw';
    style.height = '100vh';
    // The visible viewport on phones (browser bars); left at 100vh where unknown.
    style.height = '100dvh';
  } else {
    const wanted = typeof height === 'number' && height > 0 ? height : BANNER_DEFAULT_HEIGHT;
    style.width = '100%';
    style.height = `${Math.min(BANNER_MAX_HEIGHT, Math.max(BANNER_MIN_HEIGHT, wanted))}px`;
  }
}

/** A message of the embed protocol, before its fields are checked one by one. */
export const isEmbedMessage = (data: unknown): data is EmbedToHostMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { source?: unknown }).source === EMBED_MESSAGE_SOURCE;
