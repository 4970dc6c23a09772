import type { VideoProvider } from '@belleza/contract';
import type { Config } from '../../../config.js';

export const NO_TURN_WARNING =
  'Built-in video has no TURN server (TURN_URLS/TURN_SECRET): visitors on mobile networks or behind strict NAT will not connect. See README › Video on real networks (TURN).';

/** The one line `npm start` prints when the built-in video runs without TURN; null otherwise. */
export function noTurnWarning(
  config: Pick<Config, 'turn'>,
  provider: VideoProvider,
): string | null {
  return provider === 'builtin' && !config.turn ? NO_TURN_WARNING : null;
}
