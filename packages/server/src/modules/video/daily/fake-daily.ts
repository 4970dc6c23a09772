/**
 * A local stand-in for Daily.co's REST API (https://docs.daily.co/reference/rest-api), so tests
 * never touch the internet: `GET /`, `POST/GET/DELETE /rooms`, `POST /meeting-tokens`,
 * `GET /meeting-tokens/:token`, with Daily's answer and error shapes. Tests can make it answer
 * 401/429/5xx or stall.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeDailyRequest = {
  method: string;
  /** without the `/v1` prefix */
  path: string;
  authorization: string | undefined;
  body: unknown;
};

type StoredRoom = {
  id: string;
  name: string;
  api_created: true;
  privacy: 'public' | 'private';
  url: string;
  created_at: string;
  config: Record<string, unknown>;
};

export type FakeDaily = {
  /** base URL to use as DAILY_API_URL (ends with /v1) */
  url: string;
  apiKey: string;
  domain: string;
  requests: FakeDailyRequest[];
  rooms: Map<string, StoredRoom>;
  tokens: Map<string, Record<string, unknown>>;
  /** The next `count` requests answer `status` with Daily's error body for it. */
  failNext(
    status: 401 | 404 | 429 | 500 | 503,
    count?: number,
    headers?: Record<string, string>,
  ): void;
  /** Every request waits this long before answering (0 = answer at once). */
  setDelay(ms: number): void;
  close(): Promise<void>;
};

export type FakeDailyOptions = {
  apiKey?: string;
  domain?: string;
  /** time source for `exp` checks and `created_at` (tests pass their ManualClock) */
  now?: () => Date;
};

const ERROR_BODIES: Record<number, { error: string; info?: string }> = {
  401: { error: 'authentication-error' },
  404: { error: 'not-found', info: 'not found' },
  429: { error: 'rate-limit-error', info: 'Too many requests' },
  500: { error: 'server-error', info: 'internal error' },
  503: { error: 'server-error', info: 'service unavailable' },
};

const ROOM_NAME = /^[A-Za-z0-9_-]{1,128}$/;

export async function startFakeDaily(options: FakeDailyOptions = {}): Promise<FakeDaily> {
  const apiKey = options.apiKey ?? 'fake-daily-key';
  const domain = options.domain ?? 'belleza-test';
  const now = options.now ?? (() => new Date());
  const requests: FakeDailyRequest[] = [];
  const rooms = new Map<string, StoredRoom>();
  const tokens = new Map<string, Record<string, unknown>>();
  const failures: { status: number; headers: Record<string, string> }[] = [];
  let delayMs = 0;
  const pending = new Set<NodeJS.Timeout>();

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, type: string, info?: string) =>
    send(res, status, info === undefined ? { error: type } : { error: type, info });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        return error(res, 400, 'invalid-request-error', 'body is not valid JSON');
      }
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1/, '') || '/';
    const method = req.method ?? 'GET';
    requests.push({ method, path, authorization: req.headers.authorization, body });

    if (delayMs > 0) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          pending.delete(t);
          resolve();
        }, delayMs);
        pending.add(t);
      });
      if (res.destroyed || req.destroyed) return;
    }

    const failure = failures.shift();
    if (failure) {
      return send(
        res,
        failure.status,
        ERROR_BODIES[failure.status] ?? { error: 'server-error' },
        failure.headers,
      );
    }

    const auth = req.headers.authorization;
    const bearer = auth ? /^Bearer (\S+)$/.exec(auth)?.[1] : undefined;
    if (!bearer)
      return error(
        res,
        400,
        'authorization-header-error',
        'Authorization header missing or malformed',
      );
    if (bearer !== apiKey) return error(res, 401, 'authentication-error');

    const seconds = Math.floor(now().getTime() / 1000);
    const segments = path.split('/').filter(Boolean);

    if (method === 'GET' && segments.length === 0) {
      return send(res, 200, {
        domain_name: domain,
        domain_id: 'f0f0f0f0-0000-4000-8000-000000000000',
        config: {},
      });
    }

    if (segments[0] === 'rooms') {
      const name = segments[1] ? decodeURIComponent(segments[1]) : undefined;
      if (method === 'POST' && !name) {
        const b = (body ?? {}) as {
          name?: unknown;
          privacy?: unknown;
          properties?: Record<string, unknown>;
        };
        const roomName =
          typeof b.name === 'string' ? b.name : randomUUID().replace(/-/g, '').slice(0, 20);
        if (!ROOM_NAME.test(roomName))
          return error(res, 400, 'invalid-request-error', 'invalid room name');
        if (rooms.has(roomName))
          return error(
            res,
            400,
            'invalid-request-error',
            `a room named ${roomName} already exists`,
          );
        const props = b.properties ?? {};
        if (typeof props.exp === 'number' && props.exp <= seconds)
          return error(res, 400, 'invalid-request-error', 'exp must be in the future');
        if (typeof props.exp === 'number' && props.exp > 1e11)
          return error(res, 400, 'invalid-request-error', 'exp must be in seconds');
        const room: StoredRoom = {
          id: randomUUID(),
          name: roomName,
          api_created: true,
          privacy: b.privacy === 'private' ? 'private' : 'public',
          url: `https://${domain}.daily.co/${roomName}`,
          created_at: now().toISOString(),
          config: { ...props },
        };
        rooms.set(roomName, room);
        return send(res, 200, room);
      }
      if (name && (method === 'GET' || method === 'DELETE')) {
        const room = rooms.get(name);
        if (!room) return error(res, 404, 'not-found', `room ${name} not found`);
        if (method === 'GET') return send(res, 200, room);
        rooms.delete(name);
        return send(res, 200, { deleted: true, name });
      }
    }

    if (segments[0] === 'meeting-tokens') {
      if (method === 'POST' && segments.length === 1) {
        const props = ((body ?? {}) as { properties?: Record<string, unknown> }).properties ?? {};
        if (typeof props.user_id === 'string' && props.user_id.length > 36)
          return error(res, 400, 'invalid-request-error', 'user_id must be at most 36 characters');
        const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString(
          'base64url',
        );
        const payload = Buffer.from(JSON.stringify({ ...props, d: domain, iat: seconds })).toString(
          'base64url',
        );
        const sig = createHmac('sha256', apiKey).update(`${header}.${payload}`).digest('base64url');
        const token = `${header}.${payload}.${sig}`;
        tokens.set(token, props);
        return send(res, 200, { token });
      }
      if (method === 'GET' && segments[1]) {
        const props = tokens.get(segments[1]);
        if (!props) return error(res, 400, 'invalid-request-error', 'token is invalid');
        return send(res, 200, props);
      }
    }

    return error(res, 404, 'not-found', `${method} ${path} not found`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'server-error', info: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    domain,
    requests,
    rooms,
    tokens,
    failNext(status, count = 1, headers = {}) {
      for (let i = 0; i < count; i++) failures.push({ status, headers });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of pending) clearTimeout(t);
        pending.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
