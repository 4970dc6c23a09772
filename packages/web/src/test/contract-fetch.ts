/**
 * Keeps the web tests' fake API to the contract, so a fake cannot agree with a page the real
 * server would refuse. `mockFetch` checks every request a test answers against the server's
 * route table (`API_ROUTES`, keyed by 'METHOD /path' with the contract's schemas): a body or a
 * query the server would refuse answers 400 VALIDATION_ERROR, as the server does; an answer the
 * server could not give (a `data` outside the response schema, an error code the API does not
 * have, a route the server does not have) answers as the test wrote it. Either is kept among the
 * violations, and the set-up's `afterEach` fails the test that caused one
 * (`expectNoContractViolations`). A test that means to send or answer something outside the
 * contract says so with `expectContractViolation`.
 * `contractAnswer('METHOD /path/:param', handler)` is an answer typed by the table: the handler
 * gets the body as the server would have read it and returns the answer's `data`.
 */
import { errorCodeSchema } from '@belleza/contract';
import { expect } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes';
import { jsonResponse, type MockAnswer } from './json-response';

export type RouteKey = keyof typeof API_ROUTES;
type Table = typeof API_ROUTES;
type DataOf<K extends RouteKey> =
  Table[K]['response'] extends z.ZodObject<infer Shape>
    ? Shape extends { data: infer D extends z.ZodType }
      ? z.input<D>
      : undefined
    : undefined;
type BodyOf<K extends RouteKey> = Table[K] extends { body: infer B }
  ? B extends z.ZodType
    ? z.output<B>
    : undefined
  : undefined;

/** What the fake was sent, as the server would have read it. */
export type ContractRequest<B> = { body: B; url: URL; params: Record<string, string> };

/** Requests the server would have refused, and answers the server could not have given. */
const violations: string[] = [];
/** Violations a test said it causes on purpose (a pattern each), consumed as they match. */
const expected: RegExp[] = [];

/** Keeps a violation; true when the test announced it (the fake then goes along with it). */
function record(violation: string): boolean {
  const at = expected.findIndex((pattern) => pattern.test(violation));
  if (at < 0) {
    violations.push(violation);
    return false;
  }
  expected.splice(at, 1);
  return true;
}

/**
 * Fails the test if it caused a violation, or if a violation it announced never came. Run by the
 * web set-up after every test.
 */
export function expectNoContractViolations(): void {
  const found = violations.splice(0);
  const announced = expected.splice(0).map(String);
  expect(found, 'requests or answers outside the contract').toEqual([]);
  expect(announced, 'violations announced with expectContractViolation that never came').toEqual(
    [],
  );
}

/**
 * This test sends or answers, on purpose, something outside the contract (a page's handling of
 * an answer no server gives, the API client's own mechanics): the one violation matching
 * `pattern` does not fail it, and must happen. An announced request is answered as the test
 * wrote, not refused.
 */
export function expectContractViolation(pattern: RegExp): void {
  expected.push(pattern);
}

type CompiledRoute = { key: RouteKey; method: string; pattern: RegExp; names: string[] };

const compiled: CompiledRoute[] = (Object.keys(API_ROUTES) as RouteKey[]).map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { key, method, pattern: new RegExp(`^${source}$`), names };
});

/** The route of the server a request goes to, with its path parameters. */
export function routeOf(
  method: string,
  path: string,
): { key: RouteKey; route: ApiRoute; params: Record<string, string> } | null {
  // A literal segment wins over a parameter, as in Fastify's router ('/calls/request' over '/calls/:id').
  const found = compiled
    .filter((r) => r.method === method && r.pattern.test(path))
    .sort((a, b) => a.names.length - b.names.length)[0];
  if (!found) return null;
  const values = found.pattern.exec(path)!.slice(1);
  const params = Object.fromEntries(
    found.names.map((name, i) => [name, decodeURIComponent(values[i]!)]),
  );
  return { key: found.key, route: API_ROUTES[found.key], params };
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const before = out[name];
    out[name] =
      before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}

const refused = () =>
  jsonResponse(400, {
    success: false,
    error: { code: 'VALIDATION_ERROR', message: 'Invalid request' },
  });

/**
 * Checks what the page sent: the answer of the server to a request it refuses (400), or null
 * when the server would have read it (`read` then holds the body as parsed).
 */
export function checkRequest(
  method: string,
  url: URL,
  body: unknown,
): { refusal: Response | null; read: unknown; params: Record<string, string> } {
  const what = `${method} ${url.pathname}`;
  // The page's own files (a prerendered page, a locale) are not the API's.
  if (!url.pathname.startsWith('/api/')) return { refusal: null, read: body, params: {} };
  const found = routeOf(method, url.pathname);
  if (!found) {
    record(`${what}: the server has no such route`);
    return { refusal: null, read: body, params: {} };
  }
  const { route, params } = found;
  if ('query' in route && route.query) {
    const parsed = route.query.safeParse(queryObject(url));
    if (!parsed.success && !record(`${what} sent the query ${url.search}: ${parsed.error.message}`))
      return { refusal: refused(), read: body, params };
  }
  if ('body' in route && route.body && !(body instanceof Blob)) {
    const parsed = route.body.safeParse(body);
    if (parsed.success) return { refusal: null, read: parsed.data, params };
    if (!record(`${what} sent ${JSON.stringify(body)}: ${parsed.error.message}`))
      return { refusal: refused(), read: body, params };
  }
  return { refusal: null, read: body, params };
}

const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.object({ code: errorCodeSchema, message: z.string() }).loose(),
});

/** Checks an answer the fake gives against what the server can answer on that route. */
export async function checkAnswer(method: string, url: URL, response: Response): Promise<void> {
  const what = `${method} ${url.pathname}`;
  if (!url.pathname.startsWith('/api/')) return;
  const found = routeOf(method, url.pathname);
  if (!found) return; // recorded with the request
  const { route } = found;
  // Only JSON is read: a photo's bytes (or a body that never ends) are the test's own business.
  const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
  if (!isJson) {
    if (
      route.response !== null &&
      response.status >= 200 &&
      response.status < 300 &&
      response.status !== 204
    )
      record(`${what} answered ${response.status} without JSON: the server answers JSON here`);
    return;
  }
  const text = await response.clone().text();
  if (response.status >= 400) {
    // A body the test wrote as text or none: only an error of the API itself is checked.
    if (text === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const checked = errorEnvelope.safeParse(json);
    if (!checked.success)
      record(`${what} answered ${response.status} ${text}: ${checked.error.message}`);
    return;
  }
  if (response.status < 200 || response.status >= 300) return;
  if (route.response === null) {
    record(`${what} answered ${response.status} JSON: the server answers bytes here`);
    return;
  }
  if (route.status === 204 || text === '') {
    if (route.status !== 204 || text !== '')
      record(`${what} answered ${response.status} ${text}: the server answers ${route.status}`);
    return;
  }
  const checked = route.response.safeParse(JSON.parse(text));
  if (!checked.success) record(`${what} answered ${text.slice(0, 300)}: ${checked.error.message}`);
}

/**
 * An answer of the route `key` typed by its schemas: `handler` gets the body as the server would
 * have read it and returns the answer's `data`, or a `Response` of its own (an error envelope).
 */
export function contractAnswer<K extends RouteKey>(
  key: K,
  handler: (
    request: ContractRequest<BodyOf<K>>,
  ) => DataOf<K> | Response | Promise<DataOf<K> | Response>,
  status: number = API_ROUTES[key].status,
): MockAnswer {
  return async (url, _init, read) => {
    const answer = await handler({
      body: read.body as BodyOf<K>,
      url,
      params: read.params,
    });
    if (answer instanceof Response) return answer;
    return jsonResponse(status, { success: true, data: answer });
  };
}

/** The answer `data` of route `key`, typed by its response schema (for `ok`-style tables). */
export function reply<K extends RouteKey>(key: K, data: DataOf<K>): MockAnswer {
  return { status: API_ROUTES[key].status, body: { success: true, data } };
}
