/**
 * The frame's saved consultation where the browser denies a cross-site frame its storage
 * (third-party storage blocked: Chrome in incognito, Brave, anyone blocking third-party cookies).
 * The two records the consultation keeps (the saved call, the rating still to give) then live in
 * memory, mirrored to the server, which keeps them in a partitioned, HttpOnly cookie of this
 * origin (EMBED_STORAGE_PATH in the contract): a reload of the host page finds them again, and
 * the host page never sees them. Where storage works, nothing changes: localStorage it is.
 */
import { EMBED_STORAGE_PATH, embedStorageSchema, type EmbedStorage } from '@belleza/contract';
import {
  PENDING_RATING_STORAGE_KEY,
  SAVED_CALL_STORAGE_KEY,
} from '../consultation/saved-call-storage';
import { installRecordStore, type RecordStore } from '../consultation/visitor-storage';

const EMPTY: EmbedStorage = { activeCall: null, pendingRating: null };

/** Whether this document may use localStorage (it throws when the browser denies it). */
export function storageUsable(win: Window = window): boolean {
  try {
    const probe = '__belleza_probe';
    win.localStorage.setItem(probe, '1');
    win.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

const fieldOf = (key: string): keyof EmbedStorage | null =>
  key === SAVED_CALL_STORAGE_KEY
    ? 'activeCall'
    : key === PENDING_RATING_STORAGE_KEY
      ? 'pendingRating'
      : null;

/**
 * A store holding the consultation's records in memory; each change hands all of them to `save`.
 * Any other key lives in memory only (nothing else of the consultation needs a reload).
 */
export function mirroredStore(
  initial: EmbedStorage,
  save: (records: EmbedStorage) => void,
): RecordStore {
  const records: EmbedStorage = { ...initial };
  const others = new Map<string, string>();
  const put = (key: string, value: string | null) => {
    const field = fieldOf(key);
    if (!field) {
      if (value === null) others.delete(key);
      else others.set(key, value);
      return;
    }
    if (records[field] === value) return;
    records[field] = value;
    save({ ...records });
  };
  return {
    getItem: (key) => {
      const field = fieldOf(key);
      return field ? records[field] : (others.get(key) ?? null);
    },
    setItem: (key, value) => put(key, value),
    removeItem: (key) => put(key, null),
  };
}

/** The records the server keeps for this frame; none when it cannot be read. */
export async function readMirrored(fetchImpl: typeof fetch = fetch): Promise<EmbedStorage> {
  try {
    const response = await fetchImpl(EMBED_STORAGE_PATH, { credentials: 'same-origin' });
    if (!response.ok) return EMPTY;
    const body = (await response.json()) as { data?: unknown };
    const parsed = embedStorageSchema.safeParse(body.data);
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/**
 * Sends each change in order (a later one never overtaken by an earlier one); `keepalive` lets the
 * last one finish when the host page is being reloaded. A failed write loses only the resume.
 */
export function writeMirrored(fetchImpl: typeof fetch = fetch): (records: EmbedStorage) => void {
  let queue: Promise<unknown> = Promise.resolve();
  return (records) => {
    queue = queue
      .then(() =>
        fetchImpl(EMBED_STORAGE_PATH, {
          method: 'PUT',
          credentials: 'same-origin',
          keepalive: true,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(records),
        }),
      )
      .catch(() => undefined);
  };
}

/** Before the consultation renders: localStorage if usable, else the server-mirrored store. */
export async function prepareFrameStorage(
  win: Window = window,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (storageUsable(win)) return;
  installRecordStore(mirroredStore(await readMirrored(fetchImpl), writeMirrored(fetchImpl)));
}
