/**
 * The one place that talks HTTP to our API (docs/product.md#http-api): JSON content type on every
 * request, the stored session token as a bearer header, `data` read from `{ success: true, data }`,
 * and the error envelope turned into a typed `ApiError`. No timeout is set.
 */
import { errorBodySchema, type ErrorCode } from '@belleza/contract';
import type { z } from 'zod';

export const TOKEN_STORAGE_KEY = 'advisorToken';
export const ADVISOR_LOGIN_PATH = '/advisor/login';

/** Codes the browser produces itself, besides the server's contract codes. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'UNKNOWN_ERROR';
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
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

/** fetch with the session's bearer token; a network failure is an ApiError NETWORK_ERROR. */
async function send(
  method: string,
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal' | 'headers'>,
  payload: { 'Content-Type'?: string; body?: BodyInit | undefined } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    ...(payload['Content-Type'] ? { 'Content-Type': payload['Content-Type'] } : {}),
    ...options.headers,
  };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload.body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      error instanceof Error ? error.message : 'Network error',
    );
  }
}

function failure(response: Response, json: unknown): ApiError {
  if (response.status === 401) handleUnauthorized();
  return toApiError(response.status, json, response.statusText);
}

/** GET of bytes (a chat photo): the body as a Blob, or the API's error. */
export async function requestBlob(
  path: string,
  options: Pick<RequestOptions, 'signal' | 'headers'> = {},
): Promise<Blob> {
  const response = await send('GET', path, options);
  if (!response.ok) throw failure(response, await readJson(response));
  return response.blob();
}

export async function request<S extends z.ZodType | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  // A Blob (a photo from the file picker) goes as it is, with its own type; the rest as JSON.
  const raw = body instanceof Blob;
  const response = await send(method, path, options, {
    'Content-Type': raw ? body.type || 'application/octet-stream' : 'application/json',
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  const json = await readJson(response);
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
