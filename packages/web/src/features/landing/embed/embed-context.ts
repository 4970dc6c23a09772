/**
 * What `/embed` learns from its address and its parent: whether it runs in the widget's frame, the
 * host page's origin (the only one it talks to), the language and the subject the snippet asked
 * for; and which messages from the host it understands.
 */
import {
  EMBED_MESSAGE_SOURCE,
  EMBED_QUERY,
  isCallSubject,
  normaliseOrigin,
  type CallSubject,
  type HostToEmbedMessage,
  type Language,
} from '@belleza/contract';
import { isLanguage, siteDefaultLanguage } from '@/lib/i18n';

export type EmbedContext =
  /** opened by itself, not in a frame: the landing page is the place for it */
  | { kind: 'top' }
  /** in a frame whose address names no valid origin: there is nobody to answer */
  | { kind: 'unknownHost' }
  /** in the widget's frame on `host`'s page; `subject` is the snippet's (else 'general') */
  | { kind: 'framed'; host: string; subject: CallSubject };

export function readEmbedContext(win: Window = window): EmbedContext {
  if (win.parent === win) return { kind: 'top' };
  const params = new URLSearchParams(win.location.search);
  const host = params.get(EMBED_QUERY.host);
  // Exactly an origin as the browser writes it, or nothing: a post goes to that origin only.
  if (host === null || normaliseOrigin(host) !== host) return { kind: 'unknownHost' };
  const subject = params.get(EMBED_QUERY.subject);
  return { kind: 'framed', host, subject: isCallSubject(subject) ? subject : 'general' };
}

/** The snippet's `data-lang` when we have it, else the salon's default (not a stored choice). */
export function embedLanguage(search: string = window.location.search): Language {
  const lang = new URLSearchParams(search).get(EMBED_QUERY.lang);
  return isLanguage(lang) ? lang : siteDefaultLanguage();
}

/** A message of the protocol from the host, or null for anything else posted to the frame. */
export function hostMessageOf(data: unknown): HostToEmbedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== EMBED_MESSAGE_SOURCE) return null;
  if (message.type === 'close') return { source: EMBED_MESSAGE_SOURCE, type: 'close' };
  if (message.type !== 'open') return null;
  return isCallSubject(message.subject)
    ? { source: EMBED_MESSAGE_SOURCE, type: 'open', subject: message.subject }
    : { source: EMBED_MESSAGE_SOURCE, type: 'open' };
}
