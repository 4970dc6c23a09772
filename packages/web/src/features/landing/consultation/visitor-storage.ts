/**
 * Where the visitor's consultation records live (the saved call and the rating still to give):
 * the browser's localStorage, unless a page installs another store. The widget's frame does when
 * the browser denies a cross-site frame its storage (embed/frame-storage.ts). Kept apart from
 * saved-call.ts so the landing's first load (saved-call-storage.ts) carries no zod.
 */
export type RecordStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let installed: RecordStore | null = null;

/** The store in use; reading `window.localStorage` may throw (storage denied): callers catch. */
export const recordStore = (): RecordStore => installed ?? window.localStorage;

/** Puts `store` in place of localStorage for this page (null: back to localStorage). */
export function installRecordStore(store: RecordStore | null): void {
  installed = store;
}
