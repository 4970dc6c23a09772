/**
 * The chat's messages on one screen, by id: every change goes through `commit`, so the callbacks
 * (which outlive renders) read the log as it is now from `entriesRef`. Her photos' object URLs
 * are let go with the screen.
 */
import type { ChatMessage, ChatSenderType } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatEntry } from './chat-entry';

export function useChatLog(me: ChatSenderType) {
  const [entries, setEntries] = useState<Map<string, ChatEntry>>(() => new Map());
  // The messages as the callbacks see them; every change goes through `commit`.
  const entriesRef = useRef(entries);

  const commit = useCallback((change: (next: Map<string, ChatEntry>) => void) => {
    const next = new Map(entriesRef.current);
    change(next);
    entriesRef.current = next;
    setEntries(next);
  }, []);

  const upsert = useCallback(
    (entry: ChatEntry) => commit((next) => void next.set(entry.id, entry)),
    [commit],
  );

  /** The server's copy of a message, keeping her own photo's preview when it had one. */
  const fromServer = useCallback(
    (m: ChatMessage): ChatEntry => {
      const preview = entriesRef.current.get(m.id)?.preview;
      return { ...m, mine: m.senderType === me, state: 'sent', ...(preview ? { preview } : {}) };
    },
    [me],
  );

  useEffect(
    () => () => {
      for (const entry of entriesRef.current.values())
        if (entry.preview) URL.revokeObjectURL(entry.preview);
    },
    [],
  );

  return { entries, entriesRef, commit, upsert, fromServer };
}
