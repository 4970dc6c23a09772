/**
 * The one place that talks HTTP to our API (docs/product.md#http-api): JSON content type on every
 * request, the stored session token as a bearer header, `data` read from `{ success: true, data }`,
 * and the error envelope turned into a typed `ApiError`. Nothing waits for ever: a request with no
 * answer in `REQUEST_TIMEOUT_MS` (a photo upload: `UPLOAD_TIMEOUT_MS`) is aborted and fails as
 * `TIMEOUT`, which every screen shows as its failure with a way to try again.
 */
import { errorBodySchema, type ErrorCode } from '@belleza/contract';
import type { z } from 'zod';

export const TOKEN_STORAGE_KEY = 'advisorToken';
export const ADVISOR_LOGIN_PATH = '/advisor/login';

/** Codes the browser produces itself, besides the server's contract codes. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE' | 'UNKNOWN_ERROR';

/** How long a request may go unanswered before it fails as `TIMEOUT`. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The same for a request carrying a photo: 15 MB at 2 Mbit/s takes a minute. */
export const UPLOAD_TIMEOUT_MS = 60_000;
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    /** The server's own message, present only when the answer carried the API's error envelope. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A 4xx answer: the server understood and refused, so retrying the same request cannot help. */
export const isClientError = (error: unknown): error is ApiError =>
  isApiError(error) && error.status >= 400 && error.status < 500;

// ---- token storage (localStorage 'advisorToken')

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setStoredToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}

// ---- 401 handling (docs/product.md#navigation-guard)

type Navigate = (path: string) => void;
let navigateTo: Navigate = (path) => window.location.assign(path);
const unauthorizedListeners = new Set<() => void>();

/** The app hands in its router's navigate, so a 401 redirect keeps the SPA alive. */
export function setApiNavigate(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Called after a 401 in the advisor/admin area has removed the stored token. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const isStaffPath = (path: string) =>
  path === '/advisor' ||
  path.startsWith('/advisor/') ||
  path === '/admin' ||
  path.startsWith('/admin/');

/**
 * Any 401 while the page is in the advisor or admin area ends the local session and goes to the
 * advisor login (unless already there). On client routes (landing, video page) nothing happens:
 * a visitor has no session to lose.
 */
function handleUnauthorized(): void {
  const path = window.location.pathname;
  if (!isStaffPath(path)) return;
  clearStoredToken();
  for (const listener of unauthorizedListeners) listener();
  if (path !== ADVISOR_LOGIN_PATH) navigateTo(ADVISOR_LOGIN_PATH);
}

// ---- requests

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<S extends z.ZodType | undefined = undefined> = {
  /** Validates and types `data`; without it the result is `unknown`. */
  schema?: S;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Overrides the request's bound (default `REQUEST_TIMEOUT_MS`, `UPLOAD_TIMEOUT_MS` for a Blob). */
  timeoutMs?: number;
};

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readJson(read: () => Promise<string>): Promise<unknown> {
  const text = await read();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown, statusText: string): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details, message);
  }
  // A proxy or a crashed server can answer without our envelope.
  const code: ApiErrorCode =
    status === 401 ? 'UNAUTHENTICATED' : status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN_ERROR';
  return new ApiError(status, code, statusText || `HTTP ${status}`);
}

/**
 * fetch with the session's bearer token; a network failure is an ApiError NETWORK_ERROR, no answer
 * within the bound an ApiError TIMEOUT. The caller's own abort stays an AbortError. The bound is a
 * timer of the page (not `AbortSignal.timeout`), so a test's fake clock moves it too; it covers the
 * body as well, since a stalled body keeps a screen waiting as much as a stalled answer.
 */
async function send(
  method: string,
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal' | 'headers' | 'timeoutMs'>,
  payload: { 'Content-Type'?: string; body?: BodyInit | undefined } = {},
): Promise<{ response: Response; text: () => Promise<string>; blob: () => Promise<Blob> }> {
  const headers: Record<string, string> = {
    ...(payload['Content-Type'] ? { 'Content-Type': payload['Content-Type'] } : {}),
    ...options.headers,
  };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const bound =
    options.timeoutMs ?? (payload.body instanceof Blob ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, bound);
  const callerSignal = options.signal;
  const forward = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener('abort', forward, { once: true });
  const done = () => {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forward);
  };
  const fail = (error: unknown): never => {
    done();
    if (timedOut) {
      throw new ApiError(0, 'TIMEOUT', `No answer from ${path} in ${bound / 1000} s`);
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      error instanceof Error ? error.message : 'Network error',
    );
  };
  // Whatever the fetch implementation does with a body once its signal aborts, the read ends then.
  const aborted = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => reject(new DOMException('The operation was aborted.', 'AbortError')),
      { once: true },
    );
  });
  aborted.catch(() => undefined);
  const read =
    <T>(take: (response: Response) => Promise<T>, response: Response) =>
    async (): Promise<T> => {
      try {
        const value = await Promise.race([take(response), aborted]);
        done();
        return value;
      } catch (error) {
        return fail(error);
      }
    };
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload.body,
      signal: controller.signal,
    });
    return {
      response,
      text: read((r) => r.text(), response),
      blob: read((r) => r.blob(), response),
    };
  } catch (error) {
    return fail(error);
  }
}

function failure(response: Response, json: unknown): ApiError {
  if (response.status === 401) handleUnauthorized();
  return toApiError(response.status, json, response.statusText);
}

/** GET of bytes (a chat photo): the body as a Blob, or the API's error. */
export async function requestBlob(
  path: string,
  options: Pick<RequestOptions, 'signal' | 'headers' | 'timeoutMs'> = {},
): Promise<Blob> {
  const { response, text, blob } = await send('GET', path, options);
  if (!response.ok) throw failure(response, await readJson(text));
  return blob();
}

export async function request<S extends z.ZodType | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  // A Blob (a photo from the file picker) goes as it is, with its own type; the rest as JSON.
  const raw = body instanceof Blob;
  const { response, text } = await send(method, path, options, {
    'Content-Type': raw ? body.type || 'application/octet-stream' : 'application/json',
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  const json = await readJson(text);
  if (!response.ok) throw failure(response, json);

  const envelope = json as { success?: unknown; data?: unknown } | undefined;
  if (envelope && envelope.success === false)
    throw toApiError(response.status, json, response.statusText);
  const data = envelope?.data;
  if (!options.schema) return data as Result<S>;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      `Unexpected response from ${path}`,
      parsed.error.issues,
    );
  }
  return parsed.data as Result<S>;
}

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    request<S>('GET', path, undefined, options),
  post: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: RequestOptions<S>,
  ) => request<S>('POST', path, body ?? {}, options),
  put: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: RequestOptions<S>,
  ) => request<S>('PUT', path, body ?? {}, options),
  patch: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: RequestOptions<S>,
  ) => request<S>('PATCH', path, body ?? {}, options),
  delete: <S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ) => request<S>('DELETE', path, undefined, options),
};
