/**
 * Replaces `fetch` with a table of answers keyed by 'METHOD /path' (query ignored), so tests go
 * through the real API client. Unknown requests answer 404 ROUTE_NOT_FOUND and are recorded too.
 * Every request a test answers, and every answer, is held to the contract (contract-fetch.ts).
 */
import type { ErrorCode } from '@belleza/contract';
import { vi } from 'vitest';
import { checkAnswer, checkRequest } from './contract-fetch';
import { jsonResponse, type MockAnswer } from './json-response';

export { jsonResponse, type MockAnswer } from './json-response';

export type RecordedRequest = { method: string; path: string; headers: Headers; body: unknown };

export const ok = (data: unknown, status = 200): MockAnswer => ({
  status,
  body: { success: true, data },
});
/** An error of the API: only a code the API has (an unknown one fails the test, contract-fetch.ts). */
export const fail = (status: number, code: ErrorCode, message: string): MockAnswer => ({
  status,
  body: { success: false, error: { code, message } },
});

/** A photo's bytes (a JPEG's content type), as the photo routes answer. */
export const photoBytes: MockAnswer = () =>
  new Response('jpeg', {
    status: 200,
    headers: { 'Content-Type': 'image/jpeg' },
  });

/** A server that never answers: the request stays open until its signal aborts it, as fetch does. */
export const hang: MockAnswer = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) abort();
    init.signal?.addEventListener('abort', abort, { once: true });
  });

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
    // JSON as its value; a Blob (an uploaded photo) as it is.
    const body = rawBody
      ? (JSON.parse(rawBody) as unknown)
      : init.body instanceof Blob
        ? init.body
        : undefined;
    requests.push({ method, path: url.pathname, headers: new Headers(init.headers), body });
    const answer = table.get(`${method} ${url.pathname}`);
    if (!answer)
      return jsonResponse(404, {
        success: false,
        error: { code: 'ROUTE_NOT_FOUND', message: 'Not found' },
      });
    const { refusal, read, params } = checkRequest(method, url, body);
    if (refusal) return refusal;
    const response =
      typeof answer === 'function'
        ? await answer(url, init, { body: read, params })
        : jsonResponse(answer.status ?? 200, answer.body);
    await checkAnswer(method, url, response);
    return response;
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
