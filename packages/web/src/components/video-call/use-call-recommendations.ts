/**
 * The stylist's recommendations for the client (docs/product.md#recommendations): loaded from the
 * server, edited as a draft (prices and links as typed), saved 2 s after the last change when the
 * draft is valid, and at once on flush (ending or closing the screen). The client reads them on her
 * summary.
 */
import {
  recommendationsBodySchema,
  type PublicService,
  type Recommendations,
  type RecommendationsBody,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { fetchRecommendations, saveRecommendations } from './video-call.api';

export const RECOMMENDATIONS_AUTOSAVE_MS = 2000;

/**
 * One item as typed. A catalogue service (`serviceId`) keeps the catalogue's name, price and
 * duration (the server takes them from the catalogue); only its note is written by hand.
 */
export type DraftItem = {
  serviceId: string | null;
  name: string;
  note: string;
  url: string;
  price: string;
  /** minutes of a catalogue service; null for the rest */
  duration: number | null;
};
export type RecommendationsDraft = { text: string; items: DraftItem[] };
export type RecommendationsStatus =
  | 'loading'
  | 'idle'
  | 'pending'
  | 'saving'
  | 'saved'
  | 'invalid'
  | 'error'
  /** the edit window after the call has passed: read only */
  | 'closed';
/** Field path (`text`, `items.0.pricePen`) → the contract's message key. */
export type DraftErrors = Record<string, string>;

export const emptyItem = (): DraftItem => ({
  serviceId: null,
  name: '',
  note: '',
  url: '',
  price: '',
  duration: null,
});

/** A service of the catalogue as an item of the plan. */
export const serviceItem = (s: PublicService): DraftItem => ({
  serviceId: s.serviceId,
  name: s.name,
  note: '',
  url: '',
  price: s.price === null ? '' : String(s.price),
  duration: s.durationMinutes,
});

const toDraft = (r: Recommendations): RecommendationsDraft => ({
  text: r.text,
  items: r.items.map((i) => ({
    serviceId: i.serviceId,
    duration: i.durationMinutes,
    name: i.name,
    note: i.note,
    url: i.url ?? '',
    price: i.pricePen === null ? '' : String(i.pricePen),
  })),
});

/** Accepts "45", "45.5" and "45,50" (a Peruvian keyboard's decimal comma). */
export const parsePrice = (price: string): number | null => {
  const text = price.trim().replace(',', '.');
  if (text === '') return null;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};

/** The draft as the API takes it, or the messages of what is wrong with it. */
export function parseDraft(
  draft: RecommendationsDraft,
): { ok: true; body: RecommendationsBody } | { ok: false; errors: DraftErrors } {
  const result = recommendationsBodySchema.safeParse({
    text: draft.text,
    // A row left completely empty is not an item.
    items: draft.items
      .filter((i) => i.name.trim() || i.note.trim() || i.url.trim() || i.price.trim())
      .map((i) => ({
        serviceId: i.serviceId,
        name: i.name,
        note: i.note,
        url: i.serviceId !== null || i.url.trim() === '' ? null : i.url,
        pricePen: parsePrice(i.price),
      })),
  });
  if (result.success) return { ok: true, body: result.data };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export function useCallRecommendations(callId: string, enabled = true) {
  const [draft, setDraftState] = useState<RecommendationsDraft>({ text: '', items: [] });
  const [status, setStatus] = useState<RecommendationsStatus>(enabled ? 'loading' : 'idle');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [editableUntil, setEditableUntil] = useState<string | null>(null);
  const latest = useRef(draft);
  const dirty = useRef(false);
  const timer = useRef<number | null>(null);
  /** the save on its way, which a flush waits for rather than reporting done too early */
  const inFlight = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchRecommendations(callId).then(
      (r) => {
        if (!live) return;
        setEditableUntil(r.editableUntil);
        if (dirty.current) return;
        const loaded = toDraft(r);
        latest.current = loaded;
        setDraftState(loaded);
        setStatus('idle');
      },
      (err: unknown) => {
        if (!live) return;
        setStatus(isApiError(err) && err.code === 'RECOMMENDATIONS_CLOSED' ? 'closed' : 'idle');
      },
    );
    return () => {
      live = false;
    };
  }, [callId, enabled]);

  /** Saves now; false when the draft is not valid (nothing sent, the fields say why). */
  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    if (!dirty.current) return inFlight.current ?? true;
    const parsed = parseDraft(latest.current);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus('invalid');
      return false;
    }
    setErrors({});
    dirty.current = false;
    setStatus('saving');
    const put = (async () => {
      try {
        const saved = await saveRecommendations(callId, parsed.body);
        setEditableUntil(saved.editableUntil);
        setStatus(dirty.current ? 'pending' : 'saved');
        return true;
      } catch (err) {
        if (isApiError(err) && err.code === 'RECOMMENDATIONS_CLOSED') {
          setStatus('closed');
          return true;
        }
        dirty.current = true;
        setStatus('error');
        throw err;
      }
    })();
    inFlight.current = put;
    const clear = () => {
      if (inFlight.current === put) inFlight.current = null;
    };
    put.then(clear, clear);
    return put;
  }, [callId]);

  const setDraft = useCallback(
    (next: RecommendationsDraft) => {
      latest.current = next;
      dirty.current = true;
      setDraftState(next);
      setStatus('pending');
      // Messages already shown follow the text as it is corrected; new ones wait for the save.
      setErrors((shown) => {
        if (Object.keys(shown).length === 0) return shown;
        const parsed = parseDraft(next);
        return parsed.ok ? {} : parsed.errors;
      });
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        save().catch(() => undefined);
      }, RECOMMENDATIONS_AUTOSAVE_MS);
    },
    [save],
  );

  // Leaving the screen never loses a pending edit.
  useEffect(
    () => () => {
      if (timer.current !== null) save().catch(() => undefined);
    },
    [save],
  );

  return { draft, setDraft, status, errors, editableUntil, flush: save };
}

export type CallRecommendations = ReturnType<typeof useCallRecommendations>;
