/**
 * The advisor's private notes for a call: kept in localStorage (`call_notes_{callId}`)
 * and on the server, saved 2 s after the last keystroke and on close. Blank notes are never saved
 * (an empty box may just be the server's copy still loading), except when she presses 'Limpiar':
 * then the empty notes are saved at once, so reopening the call shows them empty.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const NOTES_AUTOSAVE_MS = 2000;
export const notesStorageKey = (callId: string) => `call_notes_${callId}`;

export type NotesStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

function readStored(callId: string): string {
  try {
    return window.localStorage.getItem(notesStorageKey(callId)) ?? '';
  } catch {
    return '';
  }
}

export function useCallNotes(
  callId: string,
  saveToServer: (notes: string) => Promise<void>,
  loadFromServer?: () => Promise<string>,
) {
  const [notes, setNotesState] = useState(() => readStored(callId));
  const [status, setStatus] = useState<NotesStatus>('idle');
  const timer = useRef<number | null>(null);
  const latest = useRef(notes);
  const dirty = useRef(false);
  /** She cleared the notes on purpose: the empty text is what to save. */
  const cleared = useRef(false);
  const saveRef = useRef(saveToServer);
  useEffect(() => {
    saveRef.current = saveToServer;
  });

  // Nothing in this browser yet (another device, cleared storage): start from the server's copy.
  const loadRef = useRef(loadFromServer);
  useEffect(() => {
    const load = loadRef.current;
    if (!load || latest.current !== '') return;
    let cancelled = false;
    load().then(
      (text) => {
        if (cancelled || dirty.current || latest.current !== '' || !text) return;
        latest.current = text;
        setNotesState(text);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [callId]);

  const save = useCallback(async (): Promise<void> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    const text = latest.current;
    if (!dirty.current || (text.trim() === '' && !cleared.current)) return;
    dirty.current = false;
    try {
      if (text === '') window.localStorage.removeItem(notesStorageKey(callId));
      else window.localStorage.setItem(notesStorageKey(callId), text);
    } catch {
      // Storage full or blocked: the server copy still counts.
    }
    setStatus('saving');
    try {
      await saveRef.current(text);
      setStatus('saved');
    } catch (err) {
      dirty.current = true;
      setStatus('error');
      throw err;
    }
  }, [callId]);

  const setNotes = useCallback(
    (text: string) => {
      setNotesState(text);
      latest.current = text;
      dirty.current = true;
      cleared.current = false;
      setStatus('pending');
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        save().catch(() => undefined);
      }, NOTES_AUTOSAVE_MS);
    },
    [save],
  );

  const clear = useCallback(() => {
    latest.current = '';
    dirty.current = true;
    cleared.current = true;
    setNotesState('');
    // At once, not after the pause: the status says 'Guardado', or the failure and a later retry.
    save().catch(() => undefined);
  }, [save]);

  // Leaving the screen never loses a pending edit.
  useEffect(
    () => () => {
      if (timer.current !== null) save().catch(() => undefined);
    },
    [save],
  );

  return { notes, setNotes, clear, flush: save, status };
}
