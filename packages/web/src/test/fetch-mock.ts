/**
 * Replaces `fetch` with a table of answers keyed by 'METHOD /path' (query ignored), so tests go
 * through the real API client. Unknown requests answer 404 ROUTE_NOT_FOUND and are recorded too.
 */
import { vi } from 'vitest';

export type MockAnswer =
  | { status?: number; body?: unknown }
  /** computed per request, from its whole URL (query included) */
  | ((url: URL, init: RequestInit) => Promise<Response> | Response);

export type RecordedRequest = { method: string; path: string; headers: Headers; body: unknown };

export const ok = (data: unknown, status = 200): MockAnswer => ({
  status,
  body: { success: true, data },
});
export const fail = (status: number, code: string, message: string): MockAnswer => ({
  status,
  body: { success: false, error: { code, message } },
});

/** A server that never answers: the request stays open until its signal aborts it, as fetch does. */
export const hang: MockAnswer = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) abort();
    init.signal?.addEventListener('abort', abort, { once: true });
  });

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockFetch(routes: Record<string, MockAnswer> = {}) {
  const requests: RecordedRequest[] = [];
  const table = new Map(Object.entries(routes));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    requests.push({
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      // JSON as its value; a Blob (an uploaded photo) as it is.
      body: rawBody
        ? (JSON.parse(rawBody) as unknown)
        : init.body instanceof Blob
          ? init.body
          : undefined,
    });
    const answer = table.get(`${method} ${url.pathname}`);
    if (!answer)
      return jsonResponse(404, {
        success: false,
        error: { code: 'ROUTE_NOT_FOUND', message: 'Not found' },
      });
    if (typeof answer === 'function') return answer(url, init);
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Adds or replaces an answer. */
    on(key: string, answer: MockAnswer) {
      table.set(key, answer);
    },
  };
}
