/**
 * Error texts users read (docs/product.md#errors). Contract codes map to `errors:<CODE>`; the rules
 * for free-text server messages live in `messageKeyFor`.
 */
import { errorCodes } from '@belleza/contract';
import { isApiError, type ApiErrorCode } from './api-client';
import { i18n } from './i18n';

const knownCodes = new Set<string>([
  ...errorCodes,
  'NETWORK_ERROR',
  'TIMEOUT',
  'INVALID_RESPONSE',
  'UNKNOWN_ERROR',
]);

/** `errors` namespace key of an error code, e.g. `NO_ADVISORS_AVAILABLE`. */
export const errorCodeKey = (code: ApiErrorCode): string => `errors:${code}`;

export type ServerMessageKey =
  | 'noAdvisors'
  | 'requestFailed'
  | 'joinFailed'
  | 'acceptFailed'
  | 'endFailed'
  | 'cancelFailed'
  | 'connection';

/**
 * The server message is matched by content. Order matters: the advisor shortage first, then the
 * failed operation, then connection problems; anything else is a failed request.
 */
export function messageKeyFor(message: string): ServerMessageKey {
  const text = message.toLowerCase();
  if (text.includes('no_advisors_available')) return 'noAdvisors';
  if (/failed to (create|request)/.test(text)) return 'requestFailed';
  if (text.includes('failed to join')) return 'joinFailed';
  if (text.includes('failed to accept')) return 'acceptFailed';
  if (text.includes('failed to end')) return 'endFailed';
  if (text.includes('failed to cancel')) return 'cancelFailed';
  if (text.includes('connection') || text.includes('network')) return 'connection';
  return 'requestFailed';
}

/** The text of a free-form server message after that mapping. */
export const translateServerMessage = (message: string): string =>
  i18n.t(`errors:messages.${messageKeyFor(message)}`);

/**
 * What to show for any thrown value: the localized text of its API code when we know the code, else
 * `fallback` (already translated) or the generic failed-request text.
 */
/**
 * How long a refused (429) request should wait, from the server's `retryAfterSeconds`, as the
 * suffix and count of a `…Seconds`/`…Minutes` text; null when the server did not say.
 */
export function retryWait(error: unknown): { unit: 'Seconds' | 'Minutes'; count: number } | null {
  if (!isApiError(error) || error.code !== 'RATE_LIMITED') return null;
  const seconds = textParams(error.details).retryAfterSeconds;
  if (typeof seconds !== 'number' || seconds <= 0) return null;
  return seconds < 90
    ? { unit: 'Seconds', count: Math.ceil(seconds) }
    : { unit: 'Minutes', count: Math.ceil(seconds / 60) };
}

export function errorMessage(error: unknown, fallback?: string): string {
  if (isApiError(error)) {
    if (error.code === 'NO_ADVISORS_AVAILABLE') return i18n.t('errors:messages.noAdvisors');
    const wait = retryWait(error);
    if (wait) return i18n.t(`errors:messages.rateLimited${wait.unit}`, { count: wait.count });
    if (knownCodes.has(error.code) && error.code !== 'UNKNOWN_ERROR') {
      const key = errorCodeKey(error.code);
      if (i18n.exists(key)) return i18n.t(key, textParams(error.details));
    }
  }
  return fallback ?? i18n.t('errors:messages.requestFailed');
}

/** An error's `details` as interpolation values: only its string and number fields. */
function textParams(details: unknown): Record<string, string | number> {
  if (typeof details !== 'object' || details === null) return {};
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  return params;
}

/**
 * Translates a contract validation message: the first segment is the namespace, the rest the key
 * ('validation.email' → validation:email, 'settings.validation.callTimeout' → settings:validation.callTimeout).
 * Unknown keys come back unchanged.
 */
export function translateValidation(message: string): string {
  const dot = message.indexOf('.');
  if (dot <= 0) return message;
  const key = `${message.slice(0, dot)}:${message.slice(dot + 1)}`;
  return i18n.exists(key) ? i18n.t(key) : message;
}
