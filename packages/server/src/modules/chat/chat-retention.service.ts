/**
 * The chat service's deletions in bulk: the visitor deleting her call's whole chat from her
 * summary, and the retention purge of the chats of calls that ended long enough ago.
 * Part of the chat service: chat.service.ts composes it.
 */
import type { Deps } from '../../deps.js';
import {
  deleteChatOfCall,
  purgeImagesOfCallsEndedBefore,
  purgeMessagesOfCallsEndedBefore,
} from './chat.repository.js';

/** Rows the retention purge deletes per statement (photos), or calls whose messages it deletes. */
const PURGE_BATCH = 200;

export function createChatRetention(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  return {
    /** Deletes the call's whole chat: every message and every photo. */
    async deleteChat(callId: string): Promise<{ messages: number; images: number }> {
      return db.transaction().execute((trx) => deleteChatOfCall(trx, callId));
    },

    /** Retention: the messages and photos of calls that ended before `cutoff`, in batches. */
    async purgeEndedBefore(cutoff: string): Promise<{ messages: number; images: number }> {
      let images = 0;
      for (;;) {
        const n = await purgeImagesOfCallsEndedBefore(db, cutoff, PURGE_BATCH);
        images += n;
        if (n < PURGE_BATCH) break;
      }
      let messages = 0;
      for (;;) {
        const n = await purgeMessagesOfCallsEndedBefore(db, cutoff, PURGE_BATCH);
        messages += n;
        if (n === 0) break;
      }
      return { messages, images };
    },
  };
}
