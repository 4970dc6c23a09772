/**
 * The frame's two saved records (contract: `EMBED_STORAGE_*`) in one partitioned cookie: the
 * value is the base64url of the records' JSON, so it needs no quoting. Reading never fails: a
 * missing cookie is no records, an unreadable one is no records to clear.
 */
import {
  EMBED_STORAGE_COOKIE,
  EMBED_STORAGE_MAX_AGE_S,
  EMBED_STORAGE_PATH,
  embedStorageSchema,
  type EmbedStorage,
} from '@belleza/contract';
import { AppError } from '../../lib/app-error.js';

/** '/api/embed': the storage route and any later route of the frame, never the rest of the API. */
const COOKIE_PATH = EMBED_STORAGE_PATH.slice(0, EMBED_STORAGE_PATH.lastIndexOf('/'));
/**
 * CHIPS: kept per top-level site (the salon's), sent only over HTTPS (or loopback) and never
 * readable by scripts; `SameSite=None` because the frame is always cross-site to its top page.
 */
const ATTRIBUTES = `Path=${COOKIE_PATH}; HttpOnly; Secure; SameSite=None; Partitioned`;
/** What browsers keep of a cookie; the whole header is held to it, attributes included. */
export const COOKIE_MAX_BYTES = 4096;

const NO_RECORDS: EmbedStorage = { activeCall: null, pendingRating: null };
const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${EMBED_STORAGE_COOKIE}=([^;]*)`);
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type ReadStorage = {
  storage: EmbedStorage;
  /** a cookie was sent but it is not records this server wrote: clear it */
  unreadable: boolean;
};

/** The records in a request's Cookie header (the first `bev_embed` when several are sent). */
export function readEmbedStorage(cookieHeader: string | undefined): ReadStorage {
  const value = COOKIE_VALUE.exec(cookieHeader ?? '')?.[1]?.trim();
  if (value === undefined) return { storage: NO_RECORDS, unreadable: false };
  if (value.length > COOKIE_MAX_BYTES || !BASE64URL.test(value))
    return { storage: NO_RECORDS, unreadable: true };
  try {
    const json: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const parsed = embedStorageSchema.safeParse(json);
    return parsed.success
      ? { storage: parsed.data, unreadable: false }
      : { storage: NO_RECORDS, unreadable: true };
  } catch {
    return { storage: NO_RECORDS, unreadable: true };
  }
}

/** The Set-Cookie header removing the cookie (the same attributes, or a browser keeps it). */
export const clearedEmbedStorageCookie = (): string =>
  `${EMBED_STORAGE_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

/**
 * The Set-Cookie header keeping these records (clearing it when both are null). The schema bounds
 * each record's characters, not the bytes they take once escaped and encoded: records that would
 * make the cookie larger than browsers keep are refused (413) rather than silently dropped.
 */
export function embedStorageCookie(storage: EmbedStorage): string {
  if (storage.activeCall === null && storage.pendingRating === null)
    return clearedEmbedStorageCookie();
  const value = Buffer.from(JSON.stringify(storage), 'utf8').toString('base64url');
  const header = `${EMBED_STORAGE_COOKIE}=${value}; ${ATTRIBUTES}; Max-Age=${EMBED_STORAGE_MAX_AGE_S}`;
  if (header.length > COOKIE_MAX_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      413,
      `The records take ${header.length} bytes as a cookie; at most ${COOKIE_MAX_BYTES} fit`,
    );
  return header;
}
