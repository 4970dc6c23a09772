/**
 * Realistic call history as table rows: Lima working-hour traffic, mostly completed calls with
 * ratings, some unanswered or abandoned requests, offer rows that agree with every outcome, and
 * returning clients. Pure and deterministic for a given rng, `now` and index range, so the
 * benchmark can stream millions of rows chunk by chunk.
 */
import {
  DEFAULT_ADMIN_CANCEL_REASON,
  DEFAULT_CLIENT_CANCEL_REASON,
  NO_ANSWER_REASON,
  defaultSettings,
} from '@belleza/contract';
import type { CallNotesTable, CallOffersTable, CallsTable } from '../../db/schema.js';
import { limaMonthKeys, limaMonthStartUtc } from '../reports/reports.service.js';
import {
  advisorNotes,
  firstNames,
  lastNames,
  messagesBySubject,
  ratingComments,
  subjectWeights,
} from './demo.data.js';
import { createRng, type Rng } from './demo.random.js';

export type DemoAdvisorRef = {
  id: string;
  /** relative share of answered calls, default 1 */ weight?: number;
};

export type GeneratedCalls = {
  calls: CallsTable[];
  offers: CallOffersTable[];
  notes: CallNotesTable[];
};

export type GenerateOptions = {
  /** the history ends shortly before this instant */
  now?: Date;
  /** index of the first call, so chunks generated one after another get distinct ids */
  startIndex?: number;
  /** how many regular clients the returning calls come from */
  regularClients?: number;
  /**
   * Only draw request instants in this part of the span (the traffic trend still follows the whole
   * span): a bulk loader generating slice after slice inserts rows in time order, as production does.
   */
  slice?: { start: Date; end: Date };
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const LIMA_OFFSET_MS = -5 * HOUR;
const OFFER_TIMEOUT_MS = defaultSettings.system.callTimeout * SECOND;

// Relative traffic by Lima weekday (0 = Sunday) and Lima hour: a studio open on weekdays,
// lighter on Saturday, with a late-morning and an after-work peak.
const dayWeight = [0.12, 1, 0.95, 1, 0.95, 0.9, 0.55];
const hourWeight = [
  0, 0, 0, 0, 0, 0, 0.01, 0.03, 0.15, 0.5, 0.8, 1, 0.9, 0.6, 0.7, 0.85, 1, 0.9, 0.6, 0.3, 0.15,
  0.05, 0.02, 0,
];

type Client = { name: string; phone: string; phoneNormalized: string; email: string };

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The same client every time for the same key, without remembering anything between chunks. */
function clientFor(key: number): Client {
  const r = createRng((key * 2654435761 + 0x9e3779b9) >>> 0);
  const first = r.pick(firstNames);
  const last = r.pick(lastNames);
  const digits = `9${String(r.int(0, 99_999_999)).padStart(8, '0')}`;
  return {
    name: `${first} ${last}`,
    phone: `+51 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    phoneNormalized: `51${digits}`,
    email: r.chance(0.35) ? `${plain(first)}.${plain(last)}${r.int(1, 99)}@gmail.com` : '',
  };
}

/** A request instant, drawn by rejection sampling against the traffic shape and a gentle growth trend. */
function requestInstant(
  rng: Rng,
  startMs: number,
  endMs: number,
  from: number,
  to: number,
): number {
  const span = endMs - startMs;
  // A slice with no traffic at all (a Sunday night) still yields calls instead of looping forever.
  for (let attempt = 0; ; attempt++) {
    const t = from + Math.floor(rng.next() * (to - from));
    const lima = new Date(t + LIMA_OFFSET_MS);
    const w =
      (dayWeight[lima.getUTCDay()] ?? 0) *
      (hourWeight[lima.getUTCHours()] ?? 0) *
      (0.7 + (0.3 * (t - startMs)) / span);
    if (rng.next() < w || attempt > 10_000) return t;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `n` terminal calls (completed or cancelled) over the last `monthsSpan` Lima months before
 * `options.now`, answered by `advisors` in proportion to their weight.
 */
export function generateCalls(
  n: number,
  advisors: readonly DemoAdvisorRef[],
  monthsSpan: number,
  rng: Rng,
  options: GenerateOptions = {},
): GeneratedCalls {
  if (advisors.length === 0) throw new Error('generateCalls needs at least one advisor');
  const now = options.now ?? new Date();
  const startIndex = options.startIndex ?? 0;
  const regulars = options.regularClients ?? 150;
  const firstMonth = limaMonthKeys(now, monthsSpan)[0] ?? '';
  const startMs = new Date(limaMonthStartUtc(firstMonth)).getTime();
  // Every generated call is over before `now` (waits + 40 min at most).
  const endMs = now.getTime() - 50 * MINUTE;
  const from = options.slice ? Math.max(startMs, options.slice.start.getTime()) : startMs;
  const to = options.slice ? Math.min(endMs, options.slice.end.getTime()) : endMs;
  if (to <= from) throw new Error('generateCalls: the slice lies outside the span');
  const byWeight = advisors.map((a) => [a, a.weight ?? 1] as const);

  const calls: CallsTable[] = [];
  const offers: CallOffersTable[] = [];
  const notes: CallNotesTable[] = [];

  for (let i = 0; i < n; i++) {
    const index = startIndex + i;
    const suffix = index.toString(36).padStart(7, '0');
    const id = `call_demo_${suffix}`;
    const requested = requestInstant(rng, startMs, endMs, from, to);
    const client = clientFor(rng.chance(0.3) ? rng.int(0, regulars - 1) : 1_000_000 + index);
    const subject = rng.weighted(subjectWeights);
    let offerNo = 0;
    const offer = (
      advisorId: string,
      at: number,
      outcome: CallOffersTable['outcome'],
      respondedAt: number,
    ) => {
      offers.push({
        id: `off_demo_${suffix}_${offerNo++}`,
        call_id: id,
        advisor_id: advisorId,
        offered_at: iso(at),
        expires_at: iso(at + OFFER_TIMEOUT_MS),
        responded_at: iso(respondedAt),
        outcome,
      });
    };
    /** Offers that did not end in an answer, to distinct advisors other than `except`; returns when the last ended. */
    const unanswered = (count: number, from: number, except: string | null): number => {
      let cursor = from;
      const tried = new Set<string>(except ? [except] : []);
      for (let k = 0; k < count && tried.size < advisors.length; k++) {
        let adv = rng.weighted(byWeight);
        while (tried.has(adv.id)) adv = rng.pick(advisors);
        tried.add(adv.id);
        const declined = rng.chance(0.45);
        const responded = declined ? cursor + rng.int(3, 20) * SECOND : cursor + OFFER_TIMEOUT_MS;
        offer(adv.id, cursor, declined ? 'declined' : 'timeout', responded);
        cursor = responded + rng.int(1, 2) * SECOND;
      }
      return cursor;
    };

    const call: CallsTable = {
      id,
      status: 'completed',
      advisor_id: null,
      client_id: `cli_demo_${suffix}`,
      client_key_hash: rng.hex(64),
      client_name: client.name,
      client_email: client.email,
      client_phone: client.phone,
      client_phone_normalized: client.phoneNormalized,
      client_address_hash: null,
      subject,
      message: rng.pick(messagesBySubject[subject]),
      source: 'website',
      language: rng.chance(0.92) ? 'es' : 'en',
      consent_at: iso(requested),
      requested_at: iso(requested),
      offer_expires_at: null,
      accepted_at: null,
      started_at: null,
      ended_at: null,
      duration_seconds: null,
      rating: null,
      rating_comment: null,
      rated_at: null,
      reason: null,
      ended_by: null,
      room_provider: null,
      room_name: null,
      room_url: null,
      room_expires_at: null,
      estimated_wait_seconds: rng.int(1, 4) * 60,
      end_warned_minutes: null,
      updated_at: iso(requested),
      appointment_id: null,
      client_connected_at: null,
      client_absent_since: null,
      plan_at: null,
    };
    const routed = requested + rng.int(1, 4) * SECOND;
    const outcome = rng.weighted([
      ['completed', 80],
      ['no_answer', 8],
      ['abandoned', 9],
      ['admin', 3],
    ] as const);

    if (outcome === 'completed') {
      const handler = rng.weighted(byWeight);
      const priors =
        advisors.length > 1
          ? rng.weighted([
              [0, 75],
              [1, 20],
              [2, 5],
            ] as const)
          : 0;
      const offeredAt = unanswered(priors, routed, handler.id);
      const accepted = offeredAt + rng.int(4, 25) * SECOND;
      offer(handler.id, offeredAt, 'accepted', accepted);
      const duration = 5 * 60 + Math.floor(rng.next() ** 1.5 * 35 * 60);
      const ended = accepted + duration * SECOND;
      const rated = rng.chance(0.75);
      Object.assign(call, {
        advisor_id: handler.id,
        accepted_at: iso(accepted),
        started_at: iso(accepted),
        ended_at: iso(ended),
        duration_seconds: duration,
        ended_by: rng.chance(0.7) ? 'advisor' : 'client',
        room_provider: 'builtin',
        room_name: `bev-${suffix}`,
        room_expires_at: iso(accepted + defaultSettings.system.maxCallDuration * MINUTE),
        updated_at: iso(ended),
      } satisfies Partial<CallsTable>);
      if (rated) {
        const ratedAt = ended + rng.int(30, 300) * SECOND;
        call.rating = rng.weighted([
          [5, 55],
          [4, 33],
          [3, 12],
        ] as const);
        call.rating_comment = rng.chance(0.3) ? rng.pick(ratingComments) : null;
        call.rated_at = iso(ratedAt);
        call.updated_at = iso(ratedAt);
      }
      if (rng.chance(0.35)) {
        notes.push({
          call_id: id,
          advisor_id: handler.id,
          notes: rng.pick(advisorNotes),
          updated_at: iso(ended),
        });
      }
    } else if (outcome === 'no_answer') {
      const ended = unanswered(rng.int(1, 3), routed, null);
      Object.assign(call, {
        status: 'cancelled',
        ended_at: iso(ended),
        reason: NO_ANSWER_REASON,
        ended_by: 'system',
        updated_at: iso(ended),
      } satisfies Partial<CallsTable>);
    } else if (outcome === 'abandoned') {
      // The visitor gives up while the offer rings (or while still queued): the offer is withdrawn.
      const ringing = rng.chance(0.65) ? rng.weighted(byWeight) : null;
      const ended = routed + rng.int(5, 28) * SECOND;
      if (ringing) offer(ringing.id, routed, 'withdrawn', ended);
      Object.assign(call, {
        status: 'cancelled',
        advisor_id: ringing?.id ?? null,
        ended_at: iso(ended),
        reason: DEFAULT_CLIENT_CANCEL_REASON,
        ended_by: 'client',
        updated_at: iso(ended),
      } satisfies Partial<CallsTable>);
    } else {
      // Queued while everyone was busy, then cleared by an admin.
      const ended = routed + rng.int(30, 240) * SECOND;
      Object.assign(call, {
        status: 'cancelled',
        ended_at: iso(ended),
        reason: DEFAULT_ADMIN_CANCEL_REASON,
        ended_by: 'admin',
        updated_at: iso(ended),
      } satisfies Partial<CallsTable>);
    }
    calls.push(call);
  }
  // In request order, like rows written by the live service.
  calls.sort((a, b) =>
    a.requested_at < b.requested_at ? -1 : a.requested_at > b.requested_at ? 1 : 0,
  );
  return { calls, offers, notes };
}
