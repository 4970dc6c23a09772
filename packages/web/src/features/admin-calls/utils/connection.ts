/** How a call's connection figures read in the details. */
import { DISPLAY_LOCALE, type CandidateType, type ConnectionQuality } from '@belleza/contract';
import type { BadgeTone } from '@/components/ui';

export type ConnectionPath = CandidateType | 'unknown';

const PATH_RANK: Record<CandidateType, number> = { host: 0, prflx: 1, srflx: 2, relay: 3 };

/**
 * The path of the selected pair, named after its least direct end: a relay at either end means
 * the media went through TURN; a reflexive candidate means through a NAT; host at both ends is
 * direct. Unknown when the page had not selected a pair yet.
 */
export function connectionPath(
  local: CandidateType | null,
  remote: CandidateType | null,
): ConnectionPath {
  const ends = [local, remote].filter((end): end is CandidateType => end !== null);
  if (ends.length === 0) return 'unknown';
  return ends.reduce((a, b) => (PATH_RANK[b] > PATH_RANK[a] ? b : a));
}

export const qualityTone: Record<ConnectionQuality, BadgeTone> = {
  good: 'success',
  weak: 'warning',
  bad: 'danger',
};

const whole = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 0 });
const upToOneDecimal = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat(DISPLAY_LOCALE, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Milliseconds and kbit/s as whole numbers, e.g. '1,234'. */
export const formatWhole = (value: number): string => whole.format(value);
/** A loss percentage, e.g. '0.4' or '12'. */
export const formatPercent = (value: number): string => upToOneDecimal.format(value);
/** Milliseconds as seconds with one decimal, e.g. 1234 → '1.2'. */
export const formatSeconds = (ms: number): string => oneDecimal.format(ms / 1000);
