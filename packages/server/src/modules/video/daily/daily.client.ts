/**
 * A small Daily.co REST client (Daily's REST API, https://docs.daily.co/reference/rest-api): bearer
 * key, JSON, exponential backoff on 429, a timeout per attempt, and every failure mapped to a
 * contract error code. The key never leaves the server and never appears in an error message.
 */
import { AppError } from '../../../lib/app-error.js';

export type DailyErrorBody = { error?: string; info?: string };

export type DailyClientOptions = {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** A fresh signal per attempt; tests inject a short timeout. */
  timeoutSignal?: () => AbortSignal;
  /** Injected so tests never really sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after a 429 (so at most maxRetries + 1 attempts). */
  maxRetries?: number;
  baseDelayMs?: number;
};

export const DAILY_TIMEOUT_MS = 10_000;
const MAX_DELAY_MS = 8_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Daily's error of a non-2xx answer, kept for callers that treat one case specially (404 on delete). */
export class DailyHttpError extends AppError {
  constructor(
    readonly httpStatus: number,
    readonly dailyError: string | undefined,
    code: AppError['code'],
    status: number,
    message: string,
  ) {
    super(code, status, message, {
      provider: 'daily',
      status: httpStatus,
      error: dailyError ?? null,
    });
  }
}

/** Delay before retry `attempt` (0-based): Retry-After when Daily sends one, else base·2^attempt. */
export function backoffDelay(
  attempt: number,
  baseDelayMs: number,
  retryAfter: string | null,
): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  const wanted =
    Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : baseDelayMs * 2 ** attempt;
  return Math.min(wanted, MAX_DELAY_MS);
}

export function createDailyClient(options: DailyClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutSignal = options.timeoutSignal ?? (() => AbortSignal.timeout(DAILY_TIMEOUT_MS));
  const sleep = options.sleep ?? realSleep;
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: timeoutSignal(),
        });
      } catch (err) {
        const timedOut =
          err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new AppError(
          'VIDEO_PROVIDER_UNREACHABLE',
          504,
          timedOut ? 'Daily.co did not answer in time' : 'Daily.co could not be reached',
          { provider: 'daily', reason: timedOut ? 'timeout' : 'network' },
        );
      }
      if (res.ok) return (await readJson(res)) as T;
      if (res.status === 429 && attempt < maxRetries) {
        await res.body?.cancel().catch(() => undefined);
        await sleep(backoffDelay(attempt, baseDelayMs, res.headers.get('retry-after')));
        continue;
      }
      const err = ((await readJson(res)) ?? {}) as DailyErrorBody;
      throw mapError(res.status, err);
    }
  }

  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function mapError(status: number, body: DailyErrorBody): DailyHttpError {
  const type = typeof body.error === 'string' ? body.error : undefined;
  if (
    status === 401 ||
    status === 403 ||
    type === 'authentication-error' ||
    type === 'authorization-header-error'
  ) {
    return new DailyHttpError(
      status,
      type,
      'VIDEO_PROVIDER_UNAUTHORIZED',
      502,
      'Daily.co rejected the API key',
    );
  }
  if (status === 429) {
    return new DailyHttpError(
      status,
      type,
      'VIDEO_PROVIDER_RATE_LIMITED',
      503,
      'Daily.co is rate limiting us; try again shortly',
    );
  }
  const info = typeof body.info === 'string' ? `: ${body.info.slice(0, 200)}` : '';
  return new DailyHttpError(
    status,
    type,
    'VIDEO_PROVIDER_ERROR',
    502,
    `Daily.co answered ${status} ${type ?? ''}${info}`.trim(),
  );
}
