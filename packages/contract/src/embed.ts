/**
 * The consultation on the salon's own website (docs/product.md#widget-on-the-salons-website): one
 * `<script src=".../widget.js">` adds a button (in a shadow root) to any page; the consultation
 * itself runs in an iframe of this app at `/embed`, which only the origins the admin lists may
 * frame (`frame-ancestors`, and CORS for the widget's availability read).
 *
 * The widget script and the embedded page talk by `postMessage` with the messages below, each
 * tagged with `EMBED_MESSAGE_SOURCE`. The widget checks a message's origin (this app's) and source
 * (its own frame); the embedded page answers only its parent, at the origin it was given. No
 * message carries the visitor's key: it never leaves the iframe's origin.
 *
 * This module holds no zod at run time except the settings schema, so the widget (≤ 6 KB gzip)
 * can import its constants and types from `@belleza/contract` without carrying zod.
 */
import { z } from 'zod';
import { callSubjects, type CallSubject } from './common.js';

/** The script salons paste into their pages. */
export const WIDGET_SCRIPT_PATH = '/widget.js';
/** The consultation as a page for the widget's iframe. */
export const EMBED_PATH = '/embed';
/** `widget.js`'s budget, gzip: it loads on every page of the salon's site. */
export const WIDGET_MAX_GZIP_BYTES = 6 * 1024;
/** What the widget's iframe is allowed (the embedded page and its nested video page use all of it). */
export const EMBED_FRAME_ALLOW = 'camera; microphone; display-capture; autoplay; fullscreen';
/** How many origins an admin may list. */
export const EMBED_MAX_ORIGINS = 50;

/** Query parameters of `/embed`. */
export const EMBED_QUERY = {
  /** the host page's origin, the only one the embedded page posts to */
  host: 'host',
  lang: 'lang',
  subject: 'subject',
} as const;

/**
 * An origin as the browser sends it in `Origin` and checks in `frame-ancestors`: scheme, host and
 * port only (`https://salon.example`, `http://127.0.0.1:8080`). What an admin types is normalised
 * (`HTTPS://Salon.Example/` → `https://salon.example`); a path, query, credentials or another
 * scheme is refused.
 */
/** The WHATWG URL parser, global in browsers and Node (the contract compiles without either's lib). */
declare const URL: new (input: string) => {
  origin: string;
  pathname: string;
  username: string;
  password: string;
  search: string;
  hash: string;
};

export function normaliseOrigin(input: string): string | null {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  // 'https://a' and 'https://a/' both parse to the path '/'; any other path is refused.
  if (url.pathname !== '/') return null;
  return url.origin;
}

/**
 * Normalised with `.overwrite` (not `.transform`): the server also checks its answers against the
 * settings schema, and an overwrite, unlike a transform, runs in both directions.
 */
export const embedOriginSchema = z
  .string()
  .trim()
  .max(200, 'settings.validation.originInvalid')
  .refine((value) => normaliseOrigin(value) !== null, 'settings.validation.originInvalid')
  .overwrite((value) => normaliseOrigin(value) ?? value);

/** Settings section `embed` (Admin → Configuración → Widget). */
export const embedSettingsSchema = z
  .object({
    /** origins whose pages may show the widget; empty: the widget shows on no other site */
    allowedOrigins: z
      .array(embedOriginSchema)
      .max(EMBED_MAX_ORIGINS, 'settings.validation.tooManyOrigins')
      // The same origin twice is kept once.
      .overwrite((origins) => [...new Set(origins)]),
  })
  .strict();
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;
export const defaultEmbedSettings: EmbedSettings = { allowedOrigins: [] };

/** Snippet options (`data-*` on the script tag), as the widget reads them. */
export const WIDGET_POSITIONS = ['right', 'left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];
export const WIDGET_MODES = ['floating', 'inline'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];
export const WIDGET_DEFAULT_COLOR = '#8b2f4f';

export const isCallSubject = (value: unknown): value is CallSubject =>
  typeof value === 'string' && (callSubjects as readonly string[]).includes(value);

/** Events the host page can follow (`BellezaEnVivo.on(name, fn)` or `bellezaenvivo:<name>` on window). */
export const WIDGET_EVENTS = [
  /** the button is shown, with the availability it shows */
  'ready',
  /** the consultation's window opened (form, waiting, video or rating) */
  'open',
  /** it closed (the visitor can reopen it from the button or the banner) */
  'close',
  /** a consultation was asked for (a request, or a booking entered) */
  'consultation:requested',
  /** a stylist accepted: the video call started */
  'consultation:started',
  /** the consultation is over: `detail.outcome` is 'completed' or 'cancelled' */
  'consultation:ended',
] as const;
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];

export type ConsultationOutcome = 'completed' | 'cancelled';
export type WidgetEventDetail = {
  ready: { open: boolean; availableAdvisors: number; estimatedWaitTime: number };
  open: Record<string, never>;
  close: Record<string, never>;
  'consultation:requested': { subject: CallSubject };
  'consultation:started': Record<string, never>;
  'consultation:ended': { outcome: ConsultationOutcome };
};

/** Every message of the protocol carries this, so other messages on the page are ignored. */
export const EMBED_MESSAGE_SOURCE = 'belleza-en-vivo';

/**
 * How the embedded page wants its frame:
 * - `hidden`: nothing to show (the widget shows its button);
 * - `overlay`: the whole viewport (request, waiting, video, rating, a message);
 * - `banner`: a strip at the bottom of `height` CSS pixels ('Consulta activa').
 */
export type EmbedLayout = 'hidden' | 'overlay' | 'banner';

/** Embedded page → widget. */
export type EmbedToHostMessage =
  /** the page is running and listens for `open` */
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'ready' }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'layout'; layout: EmbedLayout; height?: number }
  /**
   * Whether a consultation (or a rating to give) is saved in the frame: the widget keeps only this
   * flag on the host's side, so a reload of the host page brings the frame (and its banner) back.
   */
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'saved'; saved: boolean }
  | {
      [N in Exclude<WidgetEventName, 'ready'>]: {
        source: typeof EMBED_MESSAGE_SOURCE;
        type: 'event';
        name: N;
        detail: WidgetEventDetail[N];
      };
    }[Exclude<WidgetEventName, 'ready'>];

/** Widget → embedded page. */
export type HostToEmbedMessage =
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'open'; subject?: CallSubject }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'close' };

/** The host-side flag (localStorage of the host origin) that a consultation is saved in the frame. */
export const WIDGET_SAVED_FLAG = 'belleza-en-vivo:saved';

/**
 * The frame's saved consultation when the browser denies it storage (third-party storage blocked:
 * Chrome in incognito, Brave, anyone who blocks third-party cookies). The records the landing keeps
 * in localStorage (`activeCall`, `pendingRating`, as JSON text) are then kept by the server in a
 * partitioned cookie (CHIPS: `Partitioned; Secure; HttpOnly; SameSite=None`, under this app's
 * origin and the host page's site), which browsers allow where they block other third-party
 * storage. The host page never sees them; only the frame's same-origin requests carry the cookie.
 */
export const EMBED_STORAGE_PATH = '/api/embed/storage';
export const EMBED_STORAGE_COOKIE = 'bev_embed';
/**
 * Kept as long as a saved call is valid (2 hours, docs/product.md#saved-call-and-recovery-banner).
 */
export const EMBED_STORAGE_MAX_AGE_S = 7200;
/** Each record's JSON text, at most (a saved call is about 400 characters). */
export const EMBED_STORAGE_RECORD_MAX = 1200;
const embedRecord = z.string().max(EMBED_STORAGE_RECORD_MAX).nullable();
export const embedStorageSchema = z
  .object({ activeCall: embedRecord, pendingRating: embedRecord })
  .strict();
export type EmbedStorage = z.infer<typeof embedStorageSchema>;
