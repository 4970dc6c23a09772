/**
 * Secrets stay where they belong. A realistic day (the admin creates advisors and saves settings
 * with a Daily API key and an ICE server credential, TURN is configured, two visitors request
 * calls, one over HTTP and one over the socket, an advisor accepts, both sides join the video room,
 * notes, typing, the chat and its photos, the end, the rating, the visitor's summary, a booking
 * and its manage page, a callback, a logout) runs while every HTTP response body, every socket
 * payload received by every client, every log line and every audit row is captured (a scrape of
 * the metrics and the probes too). Then, scanning them as strings for each secret whole and for
 * any 8 characters in a row of it (a mask shows at most its last 4): no password hash (nor
 * password), no session token but the requester's own, no Daily API key, no TURN secret, no
 * metrics token, no webhook secret but in the answer that made it, no client key, summary key or
 * booking key but the visitor's own, nothing of a photo's metadata (EXIF, XMP) as the visitor's
 * phone wrote it. And at rest: no password, session token, client key, summary key or booking key
 * anywhere in the database.
 */
import { randomUUID } from 'node:crypto';
import { defaultSettings, type Settings } from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/password.js';
import { startFakeDaily, type FakeDaily } from '../modules/video/daily/fake-daily.js';
import { databaseText, insertAdvisor } from '../test/fixtures.js';
import { METADATA_MARKS, testPhoto } from '../test/photos.js';
import {
  ask,
  createHarness,
  nextEvent,
  openSocket,
  recordAll,
  send,
  type Client,
  type Harness,
  type HttpMethod,
} from './harness.js';
import { freshPhone } from './scenario.js';

// Secrets with no run of 8 characters in common, so finding part of one names that one.
const TURN_SECRET = 'tS4q9ZkW2xPv7LmR';
const METRICS_TOKEN = 'mT8hD3nQ6bYc1GfJ5s';
const ICE_CREDENTIAL = 'iC2wK7pN4vH9rX6zA';
const DAILY_API_KEY = 'dk_7Qm2vX9pL4rT8wB3nH6yJ1cF5gK0';
const CLIENT_HASH_SECRET = 'cH5eR0uW3aZ8sM1qV6tB9oE2dL7kY4jN';

/** A mask shows at most 4 characters of a secret; any run of 8 of them is a leak of part of it. */
const PART = 8;
const partsOf = (secret: string): string[] =>
  Array.from({ length: Math.max(1, secret.length - PART + 1) }, (_, i) =>
    secret.slice(i, i + PART),
  );
/** Whether the text holds the secret or any 8 characters in a row of it. */
const holdsPartOf = (text: string, secret: string): boolean =>
  partsOf(secret).some((part) => text.includes(part));
const ADMIN_PASSWORD = 'Admin-pass-789';
const PASSWORDS = { sofia: 'Sofia-pass-123', eva: 'Eva-pass-456' };

/** One captured string and the secrets its receiver may legitimately see in it. */
type Capture = {
  where: string;
  text: string;
  /** session tokens of the receiver (its own) */
  ownTokens: string[];
  /** client keys of the receiver (its own call's) */
  ownKeys: string[];
};

describe('secrets never leak into responses, socket payloads, logs or the audit trail', () => {
  let h: Harness;
  let fake: FakeDaily;
  const captures: Capture[] = [];
  const tokens: string[] = [];
  const clientKeys: string[] = [];
  /** keys of the visitor's summary and of a booking's manage page */
  const linkKeys: string[] = [];
  const sockets: Client[] = [];
  /** each webhook secret and the one capture (the answer that made it) that may hold it */
  const webhookSecrets = new Map<string, string>();
  let dailyKey: string;

  beforeAll(async () => {
    fake = await startFakeDaily({ apiKey: DAILY_API_KEY });
    dailyKey = fake.apiKey;
    h = await createHarness({
      listen: true,
      config: {
        logLevel: 'trace',
        dailyApiUrl: fake.url,
        turn: { urls: ['turn:127.0.0.1:3478'], secret: TURN_SECRET, credentialTtlMs: 600_000 },
        metricsToken: METRICS_TOKEN,
        clientHashSecret: CLIENT_HASH_SECRET,
      },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await h.close();
    await fake.close();
  });

  /** An HTTP request whose response body is captured for its requester. */
  async function http<T = unknown>(
    who: string,
    method: HttpMethod,
    url: string,
    creds: {
      token?: string;
      clientKey?: string;
      body?: unknown;
      rawBody?: Buffer;
      contentType?: string;
    },
    own: { tokens?: string[]; keys?: string[] } = {},
  ): Promise<{ status: number; data: T }> {
    const res = await send(h.app, method, url, creds);
    captures.push({
      where: `${who}: ${method} ${url} → ${res.status}`,
      text: res.text,
      ownTokens: [...(creds.token ? [creds.token] : []), ...(own.tokens ?? [])],
      ownKeys: [...(creds.clientKey ? [creds.clientKey] : []), ...(own.keys ?? [])],
    });
    return { status: res.status, data: (res.body as { data: T }).data };
  }

  /** Turn each socket's recorded events into captures once the flow is over. */
  const finalizers: Array<() => void> = [];

  /** A socket whose every received event is captured for `who` (and its own secrets). */
  async function socketOf(who: string, own: { token?: string; keys: string[] }): Promise<Client> {
    const events: Array<{ event: string; payload: unknown }> = [];
    let signedIn: Promise<unknown> = Promise.resolve();
    const s = await openSocket(h.url, {
      ...(own.token ? { token: own.token } : {}),
      before: (x) => {
        recordAll(x, events);
        if (own.token) signedIn = nextEvent(x, 'calls:pending');
      },
    });
    await signedIn;
    sockets.push(s);
    finalizers.push(() => {
      for (const e of events)
        captures.push({
          where: `${who} socket event ${e.event}`,
          text: JSON.stringify(e.payload),
          ownTokens: own.token ? [own.token] : [],
          ownKeys: own.keys,
        });
    });
    return s;
  }
  /** An acknowledged socket event whose answer is captured too. */
  async function emit(
    who: string,
    s: Client,
    event: string,
    payload: unknown,
    own: { token?: string; keys: string[] },
  ) {
    const res = await ask(s, event, payload);
    captures.push({
      where: `${who} ack of ${event}`,
      text: JSON.stringify(res),
      ownTokens: own.token ? [own.token] : [],
      ownKeys: own.keys,
    });
    return res;
  }

  it('runs a whole day and finds none of them anywhere', async () => {
    // ------------------------------------------------ the admin signs in, creates the team
    const seeded = await insertAdvisor(h.db.db, {
      isAdmin: true,
      status: 'offline',
      online: false,
    });
    tokens.push(seeded.token);
    const adminEmail = `${seeded.id}@fixture.test`;
    await h.db.db
      .updateTable('advisors')
      .set({ password_hash: await hashPassword(ADMIN_PASSWORD) })
      .where('id', '=', seeded.id)
      .execute();
    const adminLogin = await send(h.app, 'POST', '/api/advisors/login', {
      body: { email: adminEmail, password: ADMIN_PASSWORD },
    });
    expect(adminLogin.status).toBe(200);
    const admin = (adminLogin.body as { data: { token: string } }).data.token;
    tokens.push(admin);
    captures.push({
      where: 'admin login',
      text: adminLogin.text,
      ownTokens: [admin],
      ownKeys: [],
    });

    const created: Record<string, string> = {};
    for (const [name, password] of Object.entries(PASSWORDS)) {
      const res = await http<{ advisorId: string }>('admin', 'POST', '/api/advisors', {
        token: admin,
        body: { name, email: `${name}@salon.test`, password },
      });
      expect(res.status).toBe(201);
      created[name] = res.data.advisorId;
    }

    // ------------------------------------------------ settings with secrets
    const settings: Settings = {
      ...structuredClone(defaultSettings),
      video: {
        ...defaultSettings.video,
        provider: 'builtin',
        iceServers: [
          { urls: 'turn:ice.salon.test:3478', username: 'salon', credential: ICE_CREDENTIAL },
        ],
      },
      daily: { ...defaultSettings.daily, apiKey: dailyKey, domain: fake.domain },
      notifications: { ...defaultSettings.notifications, emailNotifications: false },
    };
    expect(
      (await http('admin', 'PUT', '/api/settings', { token: admin, body: settings })).status,
    ).toBe(200);
    const masked = await http<Settings>('admin', 'GET', '/api/settings', { token: admin });
    expect(masked.status).toBe(200);
    const test = await http('admin', 'POST', '/api/settings/test-daily', {
      token: admin,
      body: { apiKey: masked.data.daily.apiKey, domain: fake.domain },
    });
    expect(test.status).toBe(200);
    // The fake Daily saw the real key: the masked one was resolved server-side, not sent back.
    expect(fake.requests.some((r) => r.authorization === `Bearer ${dailyKey}`)).toBe(true);
    // The CRM's webhook: each secret only in the answer that made it (active, so the calls below
    // queue deliveries; no worker runs here, nothing is sent).
    type Hook = { endpoint: { endpointId: string }; secret: string };
    const hook = await http<Hook>('admin', 'POST', '/api/webhooks/endpoints', {
      token: admin,
      body: { url: 'https://crm.example.com/hooks', events: ['call.ended', 'appointment.booked'] },
    });
    expect(hook.status).toBe(201);
    const hookUrl = `/api/webhooks/endpoints/${hook.data.endpoint.endpointId}`;
    webhookSecrets.set(hook.data.secret, 'admin: POST /api/webhooks/endpoints → 201');
    const rotated = await http<Hook>('admin', 'PUT', hookUrl, {
      token: admin,
      body: { rotateSecret: true },
    });
    expect(rotated.status).toBe(200);
    webhookSecrets.set(rotated.data.secret, `admin: PUT ${hookUrl} → 200`);
    await http('admin', 'GET', '/api/webhooks/endpoints', { token: admin });
    await http('visitor', 'GET', '/api/settings/public', {});
    await http('visitor', 'GET', '/api/availability', {});

    // ------------------------------------------------ advisors sign in and go online
    const login = async (name: keyof typeof PASSWORDS) => {
      const res = await send(h.app, 'POST', '/api/advisors/login', {
        body: { email: `${name}@salon.test`, password: PASSWORDS[name] },
      });
      expect(res.status).toBe(200);
      const token = (res.body as { data: { token: string } }).data.token;
      tokens.push(token);
      captures.push({ where: `${name} login`, text: res.text, ownTokens: [token], ownKeys: [] });
      return token;
    };
    const sofia = await login('sofia');
    const eva = await login('eva');
    const sofiaSocket = await socketOf('sofia', { token: sofia, keys: [] });
    const evaSocket = await socketOf('eva', { token: eva, keys: [] });
    const adminSocket = await socketOf('admin', { token: admin, keys: [] });
    for (const [who, token, id] of [
      ['sofia', sofia, created.sofia],
      ['eva', eva, created.eva],
    ] as const) {
      const set = await http(who, 'POST', `/api/advisors/${id}/status`, {
        token,
        body: { status: 'available' },
      });
      expect(set.status).toBe(200);
    }

    // ------------------------------------------------ visitor 1 over HTTP, visitor 2 over the socket
    const v1 = await http<{
      callId: string;
      clientKey: string;
      advisorId: string;
      returnToken: string | null;
    }>('visitor1', 'POST', '/api/calls/request', {
      body: {
        name: 'Lucía',
        phone: freshPhone(),
        email: 'lucia@example.pe',
        subject: 'hair_care',
        message: 'Hola',
        consent: true,
        remember: true,
      },
    });
    expect(v1.status).toBe(201);
    const key1 = v1.data.clientKey;
    clientKeys.push(key1);
    // The key came back in the visitor's own response: that one capture may hold it.
    captures[captures.length - 1]?.ownKeys.push(key1);
    // So did her return token ("Recuérdame"): hers alone, and never stored as it is.
    const returnToken = v1.data.returnToken ?? '';
    expect(returnToken).not.toBe('');
    clientKeys.push(returnToken);
    captures[captures.length - 1]?.ownKeys.push(returnToken);
    const call1 = v1.data.callId;
    const visitor1 = await socketOf('visitor1', { keys: [key1] });
    expect(
      (
        await emit(
          'visitor1',
          visitor1,
          'client:connect',
          { callId: call1, clientKey: key1 },
          { keys: [key1] },
        )
      ).ok,
    ).toBe(true);

    const visitor2Keys: string[] = [];
    const visitor2 = await socketOf('visitor2', { keys: visitor2Keys });
    const r2 = await ask(visitor2, 'call:request', {
      clientInfo: { name: 'Rosa', phone: freshPhone(), email: 'rosa@example.pe', message: 'Uñas' },
      consent: true,
    });
    if (!r2.ok) throw new Error(JSON.stringify(r2));
    const { callId: call2, clientKey: key2 } = r2.data as { callId: string; clientKey: string };
    clientKeys.push(key2);
    visitor2Keys.push(key2);
    captures.push({
      where: 'visitor2 ack of call:request',
      text: JSON.stringify(r2),
      ownTokens: [],
      ownKeys: [key2],
    });

    // ------------------------------------------------ the advisor it rings accepts; video with TURN
    const advisorOf1 = v1.data.advisorId === created.sofia ? 'sofia' : 'eva';
    const advisor1 = advisorOf1 === 'sofia' ? sofia : eva;
    const advisor1Socket = advisorOf1 === 'sofia' ? sofiaSocket : evaSocket;
    const accepted = await http('advisor', 'POST', `/api/calls/${call1}/accept`, {
      token: advisor1,
      body: {},
    });
    expect(accepted.status).toBe(200);
    const join = async (who: string, creds: { token?: string; clientKey?: string }) => {
      const res = await http<{ token: string }>(who, 'GET', `/api/calls/${call1}/join`, creds);
      expect(res.status).toBe(200);
      return res.data.token;
    };
    const visitorRoom = await join('visitor1', { clientKey: key1 });
    const advisorRoom = await join('advisor', { token: advisor1 });
    const adminRoom = await join('admin', { token: admin });
    const own1 = { keys: [key1] };
    const joined = await emit(
      'visitor1',
      visitor1,
      'rtc:join',
      { callId: call1, token: visitorRoom },
      own1,
    );
    expect(joined.ok).toBe(true);
    // The TURN server is handed out with a derived credential, never with the secret.
    expect(JSON.stringify(joined)).toContain('turn:127.0.0.1:3478');
    expect(
      (
        await emit(
          'advisor',
          advisor1Socket,
          'rtc:join',
          { callId: call1, token: advisorRoom },
          { token: advisor1, keys: [] },
        )
      ).ok,
    ).toBe(true);
    expect(
      (
        await emit(
          'admin',
          adminSocket,
          'rtc:join',
          { callId: call1, token: adminRoom },
          { token: admin, keys: [] },
        )
      ).ok,
    ).toBe(true);
    visitor1.emit('rtc:stats', {
      callId: call1,
      quality: 'good',
      localCandidateType: 'relay',
      remoteCandidateType: 'host',
      rttMs: 40,
      packetLossPct: 0,
      bitrateKbps: 900,
      timeToFirstFrameMs: 500,
    });
    await emit(
      'advisor',
      advisor1Socket,
      'call:notes',
      { callId: call1, notes: 'Cabello seco' },
      { token: advisor1, keys: [] },
    );
    await emit(
      'visitor1',
      visitor1,
      'call:typing',
      { callId: call1, isTyping: true, userType: 'client' },
      own1,
    );
    // The chat: the visitor writes over the socket, the advisor answers over HTTP.
    const chatters: Array<[string, Client, { token?: string; keys: string[] }]> = [
      ['advisor', advisor1Socket, { token: advisor1, keys: [] }],
      ['visitor1', visitor1, own1],
    ];
    for (const [who, s, own] of chatters)
      expect((await emit(who, s, 'chat:join', { callId: call1 }, own)).ok).toBe(true);
    const chatted = await emit(
      'visitor1',
      visitor1,
      'chat:send',
      { callId: call1, id: randomUUID(), body: 'Tengo el cabello seco' },
      own1,
    );
    expect(chatted.ok).toBe(true);
    const answer = await http('advisor', 'POST', `/api/calls/${call1}/messages`, {
      token: advisor1,
      body: { id: randomUUID(), body: 'Te recomiendo una mascarilla' },
    });
    expect(answer.status).toBe(201);
    // Photos: the visitor's, from her phone's camera, carries a copyright and XMP (and her
    // position); the advisor's is a PNG. Both shown, then read by the three parties.
    const camera = await testPhoto({ width: 600, height: 400, metadata: true });
    const visitorPhoto = await http<{ id: string }>(
      'visitor1',
      'POST',
      `/api/calls/${call1}/images`,
      { clientKey: key1, rawBody: camera, contentType: 'image/jpeg' },
    );
    expect(visitorPhoto.status).toBe(201);
    const shown = await emit(
      'visitor1',
      visitor1,
      'chat:send',
      { callId: call1, id: randomUUID(), body: 'Así lo tengo', imageId: visitorPhoto.data.id },
      own1,
    );
    expect(shown.ok).toBe(true);
    const advisorPhoto = await http<{ id: string }>(
      'advisor',
      'POST',
      `/api/calls/${call1}/images`,
      {
        token: advisor1,
        rawBody: await testPhoto({ width: 300, height: 300, format: 'png' }),
        contentType: 'image/png',
      },
    );
    expect(advisorPhoto.status).toBe(201);
    const photoReaders: Array<[string, { token?: string; clientKey?: string }]> = [
      ['visitor1', { clientKey: key1 }],
      ['advisor', { token: advisor1 }],
      ['admin', { token: admin }],
    ];
    for (const [who, creds] of photoReaders)
      for (const id of [visitorPhoto.data.id, advisorPhoto.data.id])
        expect((await http(who, 'GET', `/api/calls/${call1}/images/${id}`, creds)).status).toBe(
          200,
        );
    await http('visitor1', 'GET', `/api/calls/${call1}/messages`, { clientKey: key1 });
    await http('visitor1', 'GET', `/api/calls/${call1}/status`, { clientKey: key1 });
    await http('visitor1', 'GET', `/api/calls/${call1}/token`, { clientKey: key1 });

    // ------------------------------------------------ the admin looks at everything
    for (const url of [
      '/api/advisors',
      `/api/advisors/${created.sofia}`,
      '/api/calls',
      '/api/calls/recent',
      '/api/calls/stats',
      `/api/calls/${call1}`,
      `/api/calls/${call1}/media-stats`,
      `/api/calls/${call1}/messages`,
      `/api/calls/${call2}`,
      '/api/system/status',
      '/api/reports',
      '/api/audit',
      '/api/settings',
      '/api/advisors/me',
    ])
      expect((await http('admin', 'GET', url, { token: admin })).status, url).toBe(200);
    // The operator's probes and a scrape: open, or with the metrics token, and telling nothing.
    for (const url of ['/healthz', '/readyz', '/metrics'])
      expect((await http('operator', 'GET', url, { token: METRICS_TOKEN })).status, url).toBe(200);
    await http('advisor', 'GET', `/api/advisors/${v1.data.advisorId}/dashboard`, {
      token: advisor1,
    });

    // ------------------------------------------------ end, notes, rating, callback, logout
    expect(
      (await http('visitor1', 'POST', `/api/calls/${call1}/end`, { clientKey: key1, body: {} }))
        .status,
    ).toBe(200);
    expect(
      (
        await http('advisor', 'POST', `/api/calls/${call1}/notes`, {
          token: advisor1,
          body: { notes: 'Volver en un mes' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await http('visitor1', 'POST', `/api/calls/${call1}/rating`, {
          clientKey: key1,
          body: { rating: 5, comment: '¡Genial!' },
        })
      ).status,
    ).toBe(200);
    await http('advisor', 'GET', `/api/advisors/${v1.data.advisorId}/calls/history`, {
      token: advisor1,
    });
    const cancel2 = await emit(
      'visitor2',
      visitor2,
      'call:status',
      { callId: call2, status: 'cancelled' },
      { keys: [key2] },
    );
    expect(cancel2.ok).toBe(true);
    const callback = await http<{ callbackId: string }>('visitor3', 'POST', '/api/callbacks', {
      body: { name: 'Marta', phone: freshPhone(), consent: true },
    });
    expect(callback.status).toBe(201);
    await http('admin', 'GET', '/api/callbacks', { token: admin });
    await http('admin', 'POST', `/api/callbacks/${callback.data.callbackId}/done`, {
      token: admin,
    });
    expect((await http('eva', 'POST', '/api/advisors/logout', { token: eva })).status).toBe(200);
    await http('admin', 'GET', '/api/audit', { token: admin });

    // ------------------------------------------------ her summary; a booking and its manage page
    const link = await http<{ path: string }>(
      'visitor1',
      'GET',
      `/api/calls/${call1}/summary-link`,
      { clientKey: key1 },
    );
    expect(link.status).toBe(200);
    const summaryKey = link.data.path.split('#')[1] ?? '';
    expect(summaryKey).toMatch(/^[\w-]{43}$/);
    linkKeys.push(summaryKey);
    captures[captures.length - 1]?.ownKeys.push(summaryKey);
    const summaryPage = await h.app.inject({
      method: 'GET',
      url: `/api/summaries/${call1}`,
      headers: { 'x-summary-key': summaryKey },
    });
    expect(summaryPage.statusCode).toBe(200);
    captures.push({
      where: 'visitor1 summary',
      text: summaryPage.body,
      ownTokens: [],
      ownKeys: [summaryKey],
    });
    const slots = await http<{ slots: Array<{ startsAt: string }> }>(
      'visitor4',
      'GET',
      '/api/appointments/slots?days=14',
      {},
    );
    const booked = await http<{ appointment: { appointmentId: string }; key: string }>(
      'visitor4',
      'POST',
      '/api/appointments',
      {
        body: {
          startsAt: slots.data.slots[0]?.startsAt,
          subject: 'makeup',
          name: 'Carla',
          phone: freshPhone(),
          email: 'carla@example.pe',
          consent: true,
        },
      },
    );
    expect(booked.status).toBe(201);
    const bookingKey = booked.data.key;
    linkKeys.push(bookingKey);
    captures[captures.length - 1]?.ownKeys.push(bookingKey);
    const managePage = await h.app.inject({
      method: 'GET',
      url: `/api/appointments/${booked.data.appointment.appointmentId}`,
      headers: { 'x-appointment-key': bookingKey },
    });
    expect(managePage.statusCode).toBe(200);
    captures.push({
      where: 'visitor4 manage page',
      text: managePage.body,
      ownTokens: [],
      ownKeys: [bookingKey],
    });

    // Every socket has received what was sent before: a ping round trip per socket flushes it
    // (Eva's signed-out socket is closed by the server instead: that is an answer too).
    for (const s of sockets) {
      if (!s.connected) continue;
      const answered = Promise.race([
        nextEvent(s, 'pong'),
        new Promise((resolve) => s.once('disconnect', resolve)),
      ]);
      s.emit('ping');
      await answered;
    }
    const log = await http<unknown[]>('admin', 'GET', '/api/webhooks/deliveries', {
      token: admin,
    });
    expect(log.data.length).toBeGreaterThan(0);
    for (const f of finalizers) f();

    // ------------------------------------------------ what must never show
    const hashes = (await h.db.db.selectFrom('advisors').select('password_hash').execute()).map(
      (r) => r.password_hash,
    );
    expect(hashes.length).toBe(3);
    for (const hash of hashes) expect(hash.length).toBeGreaterThan(20);
    const audit = await h.db.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.length).toBeGreaterThan(2);
    expect(h.logLines.length).toBeGreaterThan(20);

    // The captures did capture: each visitor's key reached its own page, the socket saw events.
    expect(captures.some((c) => c.text.includes(key1))).toBe(true);
    expect(captures.some((c) => c.text.includes(key2))).toBe(true);
    expect(captures.filter((c) => c.where.includes('socket event')).length).toBeGreaterThan(10);
    expect(captures.some((c) => c.where.startsWith('admin socket event call:'))).toBe(true);
    expect(
      captures.filter((c) => /GET \/api\/calls\/.+\/images\/.+ → 200/.test(c.where)),
    ).toHaveLength(6);

    const everywhere: Capture[] = [
      ...captures,
      ...h.logLines.map((line, i) => ({
        where: `log line ${i}`,
        text: line,
        ownTokens: [],
        ownKeys: [],
      })),
      ...audit.map((row) => ({
        where: `audit ${row.action}`,
        text: JSON.stringify(row),
        ownTokens: [],
        ownKeys: [],
      })),
    ];
    const leaks: string[] = [];
    const always: Array<[string, string]> = [
      ...hashes.map((x): [string, string] => ['password hash', x]),
      ...[ADMIN_PASSWORD, ...Object.values(PASSWORDS)].map((x): [string, string] => [
        'password',
        x,
      ]),
      ['Daily API key', dailyKey],
      ['TURN secret', TURN_SECRET],
      ['metrics token', METRICS_TOKEN],
      ['client hash secret', CLIENT_HASH_SECRET],
      ['photo EXIF', METADATA_MARKS.copyright],
      ['photo XMP', METADATA_MARKS.xmp],
    ];
    for (const c of everywhere) {
      for (const [what, secret] of always)
        if (holdsPartOf(c.text, secret)) leaks.push(`${what} (or part of it) in ${c.where}`);
      for (const t of tokens)
        if (!c.ownTokens.includes(t) && holdsPartOf(c.text, t))
          leaks.push(`someone's session token (or part of it) in ${c.where}`);
      for (const k of clientKeys)
        if (!c.ownKeys.includes(k) && holdsPartOf(c.text, k))
          leaks.push(`another visitor's client key (or part of it) in ${c.where}`);
      for (const k of linkKeys)
        if (!c.ownKeys.includes(k) && holdsPartOf(c.text, k))
          leaks.push(`someone's summary or booking key (or part of it) in ${c.where}`);
    }
    expect(webhookSecrets.size).toBe(2);
    for (const c of everywhere)
      for (const [secret, only] of webhookSecrets)
        if (c.where !== only && holdsPartOf(c.text, secret))
          leaks.push(`a webhook secret (or part of it) in ${c.where}`);
    // The ICE credential is for participants (rtc:join) and the admin's own settings form only.
    for (const c of everywhere)
      if (
        holdsPartOf(c.text, ICE_CREDENTIAL) &&
        (c.where.startsWith('log') || c.where.startsWith('audit'))
      )
        leaks.push(`ICE credential (or part of it) in ${c.where}`);

    // At rest: a copy of the database holds none of the secrets that open something.
    const stored = await databaseText(h.db);
    const atRest: Array<[string, string[]]> = [
      ['password', [ADMIN_PASSWORD, ...Object.values(PASSWORDS)]],
      ['session token', tokens],
      ['client key', clientKeys],
      ['summary or booking key', linkKeys],
      ['client hash secret (configured, so kept out of the database)', [CLIENT_HASH_SECRET]],
    ];
    for (const [what, secrets] of atRest) {
      expect(secrets.length, what).toBeGreaterThan(0);
      for (const secret of secrets)
        if (stored.includes(secret)) leaks.push(`${what} in the database`);
    }
    expect(leaks).toEqual([]);
  }, 30_000);
});
