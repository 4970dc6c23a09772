/**
 * Shared pieces of the attack-surface suites (docs/architecture.md#testing): an app built with a
 * captured log stream (optionally listening, for real socket.io clients), the OpenAPI operation
 * list, socket helpers and table row counts. Test-only; not imported by production code.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp, type App } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { ManualClock } from '../lib/clock.js';
import { RecordingNotifier } from '../lib/notifier.js';
import { createIsolatedDatabase } from '../test/fixtures.js';
import { testConfig, type TestDatabase } from '../test/helpers.js';
import { open, type Client } from '../test/socket-clients.js';

export type Harness = {
  app: App;
  db: TestDatabase;
  clock: ManualClock;
  /** every log line the app wrote */
  logLines: string[];
  /** base URL when listening */
  url: string;
  close: () => Promise<void>;
};

/** A fresh SQLite app whose log lines are captured; `listen` opens a port for sockets. */
export async function createHarness(
  opts: { config?: Partial<Config>; listen?: boolean } = {},
): Promise<Harness> {
  const db = await createIsolatedDatabase('sqlite');
  const clock = new ManualClock();
  const logLines: string[] = [];
  // Limits that newer code may add (per phone, global per minute) are raised the same way; they are
  // spread untyped so this harness compiles whichever of them the Config type has.
  const raised: Record<string, unknown> = {
    callRequestRateLimit: 100_000,
    callRequestPhoneLimit: 100_000,
    callRequestGlobalLimit: 100_000,
  };
  const app = await buildApp(
    testConfig({ ...(raised as Partial<Config>), logLevel: 'info', ...opts.config }),
    {
      database: db,
      clock,
      notifier: new RecordingNotifier(),
      logStream: { write: (line) => void logLines.push(line) },
    },
  );
  await app.ready();
  let url = '';
  if (opts.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  return {
    app,
    db,
    clock,
    logLines,
    url,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path, e.g. `/api/calls/{callId}/status` */
  path: string;
  /** `METHOD /path`, the expectation table's key */
  key: string;
  pathParams: string[];
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  body: JsonSchema | null;
  bodyRequired: boolean;
};

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
        requestBody?: {
          required?: boolean;
          content?: Record<string, { schema?: JsonSchema }>;
        };
      }
    >
  >;
};

/** Every operation of the app's OpenAPI document. */
export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as HttpMethod;
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) continue;
      const params = op.parameters ?? [];
      ops.push({
        method,
        path,
        key: `${method} ${path}`,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        bodyRequired: op.requestBody?.required ?? false,
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** Fills `{param}` placeholders of an OpenAPI path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(v);
  });
}

/** The names of every table of the Kysely schema, checked against the live database. */
export const TABLES: Array<keyof Database> = [
  'advisors',
  'advisor_sessions',
  'socket_connections',
  'visitor_connections',
  'calls',
  'call_offers',
  'call_notes',
  'settings',
  'audit_log',
  'callbacks',
  'call_media_stats',
  'call_messages',
  'call_images',
  'call_intakes',
  'daily_summary_mails',
  'call_summaries',
  'retention_purges',
  'appointments',
  'appointment_keys',
  'summary_keys',
  'advisor_photos',
  'password_resets',
  'email_confirmations',
  'salon_services',
  'salon_service_stylists',
  'testimonials',
  'gallery_items',
  'catalogue_photos',
  'salon_profile',
  'salon_logo',
  'report_rollups',
  'webhook_endpoints',
  'webhook_events',
  'webhook_deliveries',
  'returning_clients',
  'whatsapp_consents',
  'whatsapp_messages',
  'whatsapp_opt_outs',
];

/** Application tables as SQLite lists them (migration bookkeeping excluded). */
export async function liveTables(db: TestDatabase): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table'
      and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(db.db);
  return rows.rows.map((r) => r.name);
}

/** Row count of every table plus a fingerprint of its content (a rewritten row shows too). */
export async function snapshot(db: TestDatabase): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await liveTables(db)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.db,
    );
    const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
    out[table] = `${lines.length} rows ${hash(lines.join('\n'))}`;
  }
  return out;
}

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}

// ------------------------------------------------------------------ HTTP

let addressCounter = 0;
/** A client address of its own (10.x.y.z) for each call: per-address limits stay out of the way. */
export const freshAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

export type Sent = { status: number; text: string; body: unknown };

/** One request through the real HTTP stack, from its own client address. */
export async function send(
  app: App,
  method: HttpMethod,
  url: string,
  opts: {
    token?: string;
    clientKey?: string;
    body?: unknown;
    /** sent as it is (a photo's bytes, malformed JSON), with `contentType` or JSON's */
    rawBody?: string | Buffer;
    /** the body's content type (JSON's by default); null sends the body without one */
    contentType?: string | null;
    remoteAddress?: string;
    /** more headers (a summary's or a booking's key) */
    headers?: Record<string, string>;
  } = {},
): Promise<Sent> {
  const hasBody = opts.body !== undefined || opts.rawBody !== undefined;
  const res = await app.inject({
    method,
    url,
    remoteAddress: opts.remoteAddress ?? freshAddress(),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.clientKey !== undefined ? { 'x-client-key': opts.clientKey } : {}),
      ...(hasBody && opts.contentType !== null
        ? { 'content-type': opts.contentType ?? 'application/json' }
        : {}),
      ...opts.headers,
    },
    ...(hasBody ? { payload: opts.rawBody ?? JSON.stringify(opts.body) } : {}),
  });
  let body: unknown = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, text: res.body, body };
}

// ------------------------------------------------------------------ sockets

export type { AckResult, Client } from '../test/socket-clients.js';
export { ask } from '../test/socket-clients.js';

let socketCounter = 0;

/** Connects (optionally with a handshake token) and resolves once connected. */
export function openSocket(
  url: string,
  opts: { token?: string; before?: (s: Client) => void } = {},
): Promise<Client> {
  // Every socket comes from its own loopback address: per-address connection limits never
  // decide an outcome in these suites.
  socketCounter += 1;
  const localAddress = `127.0.${(socketCounter >> 8) & 255}.${socketCounter & 255 || 1}`;
  return open(url, { ...opts, localAddress });
}

/** The next `event` on `socket` whose payload passes `match`. */
export function nextEvent(
  socket: Client,
  event: string,
  match: (payload: unknown) => boolean = () => true,
): Promise<unknown> {
  const s = socket as unknown as {
    on: (e: string, h: (p: unknown) => void) => void;
    off: (e: string, h: (p: unknown) => void) => void;
  };
  return new Promise((resolve) => {
    const handler = (payload: unknown) => {
      if (!match(payload)) return;
      s.off(event, handler);
      resolve(payload);
    };
    s.on(event, handler);
  });
}

/** Records every event (name and payload) a socket receives. */
export function recordAll(socket: Client, into: Array<{ event: string; payload: unknown }>): void {
  socket.onAny((event: string, ...args: unknown[]) => {
    into.push({ event, payload: args });
  });
}
