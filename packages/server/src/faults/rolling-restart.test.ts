/**
 * A rolling restart during a live call: two instances (PostgreSQL, Redis) behind a proxy without
 * sticky sessions, each in turn stopped with SIGTERM and started again while the visitor chats and
 * another visitor's offer rings. Every page reconnects through the proxy to the instance that is
 * up, as the web app's sockets do. Nothing is lost: the call stays active with both of them in it
 * as the same peers (neither is told the other left, so their media links never close), every chat
 * message is stored exactly once and in order, the stylist never hears the visitor went away, and
 * the ringing offer can still be accepted.
 */
import { randomUUID } from 'node:crypto';
import type {
  CallDetails,
  ChatHistory,
  ClientToServerEvents,
  RtcJoined,
  ServerToClientEvents,
  Settings,
} from '@belleza/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  closeSockets,
  createAdvisor,
  data,
  FailoverProxy,
  freePort,
  login,
  postgresDatabase,
  postgresReachable,
  RedisProcess,
  ServerProcess,
  setAvailable,
  until,
  type AdvisorSession,
  type FaultDatabase,
} from './harness.js';

const pgUp = await postgresReachable();

type PageSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type AckResult<T = unknown> =
  { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/** One emit and its answer, or a rejection after `ms` (the connection went meanwhile). */
function ask<T>(socket: PageSocket, event: string, payload: unknown, ms = 3000) {
  const bounded = socket.timeout(ms) as unknown as {
    emitWithAck(e: string, p: unknown): Promise<AckResult<T>>;
  };
  return bounded.emitWithAck(event, payload);
}

/**
 * A page in the call, as the web app behaves: its socket reconnects on its own; each time it is
 * connected it says who it is (`hello`) and joins the call's room, asking to stay the same peer.
 */
class CallPage {
  readonly socket: PageSocket;
  readonly joins: RtcJoined[] = [];
  /** every event the page received, by name */
  readonly heard: { event: string; payload: unknown }[] = [];
  /** ms from each lost connection to being in the room again */
  readonly outages: number[] = [];
  ready = false;
  /** why the last attempt to be in the room again failed, and how it was lost (for a failure) */
  private lastFailure = '';
  private lastLoss = '';
  private lostAt: number | null = null;

  constructor(
    url: string,
    private readonly callId: string,
    private readonly roomToken: string,
    private readonly hello: (socket: PageSocket) => Promise<void>,
    auth?: Record<string, string>,
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 2000,
      autoConnect: false,
      ...(auth ? { auth } : {}),
    });
    this.socket.onAny((event: string, payload: unknown) => this.heard.push({ event, payload }));
    this.socket.on('disconnect', (reason) => {
      this.ready = false;
      this.lostAt = Date.now();
      this.lastLoss = reason;
    });
    this.socket.on('connect', () => {
      void this.enter().catch((err: unknown) => {
        this.lastFailure = err instanceof Error ? err.message : String(err);
        this.socket.disconnect().connect();
      });
    });
  }

  private async enter(): Promise<void> {
    await this.hello(this.socket);
    const last = this.joins.at(-1);
    const joined = await ask<RtcJoined>(this.socket, 'rtc:join', {
      callId: this.callId,
      token: this.roomToken,
      ...(last ? { resume: { peerId: last.peerId, key: last.resumeKey } } : {}),
    });
    if (!joined.ok) throw new Error(`rtc:join → ${joined.error.code}`);
    this.joins.push(joined.data);
    if (this.lostAt !== null) this.outages.push(Date.now() - this.lostAt);
    this.lostAt = null;
    this.ready = true;
  }

  async open(): Promise<void> {
    this.socket.connect();
    await until('the page to be in the room', () => this.ready, 10_000);
  }

  /** Its state in words, for a failed wait. */
  describe(): string {
    return (
      `ready ${this.ready}, connected ${this.socket.connected}, ${this.joins.length} joins, ` +
      `last lost: ${this.lastLoss || '-'}, last failure: ${this.lastFailure || '-'}`
    );
  }

  /** Events heard that tell a page somebody left, the room closed or the call ended. */
  losses(): string[] {
    return this.heard
      .filter(
        ({ event, payload }) =>
          ['rtc:peer-left', 'rtc:closed', 'call:ended'].includes(event) ||
          (event === 'call:visitor:presence' &&
            (payload as { present: boolean }).present === false),
      )
      .map(({ event }) => event);
  }
}

/** The advisor's dashboard socket: it signs in again on every connection. */
function advisorHello(advisor: AdvisorSession) {
  return async (socket: PageSocket) => {
    const r = await ask(socket, 'advisor:connect', {
      advisorId: advisor.advisorId,
      token: advisor.token,
    });
    if (!r.ok) throw new Error(`advisor:connect → ${r.error.code}`);
  };
}

/** An advisor's dashboard: its socket reconnects and signs in again; what it heard is kept. */
function desk(url: string, advisor: AdvisorSession) {
  const socket: PageSocket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 2000,
    auth: { token: advisor.token },
  });
  const state = { socket, online: false, heard: [] as { event: string; payload: unknown }[] };
  socket.onAny((event: string, payload: unknown) => state.heard.push({ event, payload }));
  socket.on('disconnect', () => (state.online = false));
  socket.on('connect', () => {
    advisorHello(advisor)(socket).then(
      () => (state.online = true),
      () => socket.disconnect().connect(),
    );
  });
  return state;
}

type Requested = { callId: string; advisorId: string | null; clientKey: string };

async function visitorRequest(url: string, name: string): Promise<Requested> {
  return data<Requested>(url, 'POST', '/api/calls/request', {
    body: { name, phone: '+51 999 888 777', message: 'Reinicio escalonado', consent: true },
  });
}

async function asVisitor<T>(url: string, path: string, clientKey: string): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    headers: { 'x-client-key': clientKey },
    signal: AbortSignal.timeout(5000),
  });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!body.success) throw new Error(`GET ${path} → ${res.status}`);
  return body.data;
}

/** The last warnings and errors the instances logged, oldest first. */
function warnings(instances: ServerProcess[]): string {
  const lines = instances.flatMap((instance, i) =>
    instance.logs
      .filter((line) => (line.level ?? 0) >= 40)
      .slice(-5)
      .map((line) => `${'AB'[i]}: ${line.msg ?? ''} ${JSON.stringify(line.err ?? '')}`),
  );
  return lines.length > 0 ? lines.join(' | ') : 'none';
}

describe.skipIf(!pgUp)('a rolling restart of two instances during a call', () => {
  let db: FaultDatabase;
  let redis: RedisProcess;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: FailoverProxy;

  beforeAll(async () => {
    db = await postgresDatabase();
    redis = new RedisProcess(await freePort(6380, 6390));
    await redis.start();
    const env = { DATABASE_URL: db.url, REDIS_URL: redis.url };
    const portA = await freePort(4940, 4944);
    const portB = await freePort(portA + 1, 4944);
    a = new ServerProcess(portA, env);
    b = new ServerProcess(portB, env);
    await Promise.all([a.start(), b.start()]);
    proxy = new FailoverProxy(await freePort(4945, 4949), [portA, portB]);
    await proxy.start();
  });

  afterAll(async () => {
    closeSockets();
    await proxy?.stop();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await redis?.kill();
    await db?.drop();
  });

  it(
    'loses no call, no chat message and no offer; the call keeps its peers',
    { timeout: 180_000 },
    async () => {
      const url = proxy.url;
      const admin = await login(url, ADMIN.email, ADMIN.password);
      const settings = await data<Settings>(url, 'GET', '/api/settings', { token: admin.token });
      // The second visitor's offer rings through both restarts.
      settings.system.callTimeout = 300;
      await data(url, 'PUT', '/api/settings', { token: admin.token, body: settings });
      const eva = await createAdvisor(url, admin.token, 'Eva');
      const rosa = await createAdvisor(url, admin.token, 'Rosa');

      // Eva's dashboard, available; a visitor asks and Eva accepts: a live call.
      const evaDesk = desk(url, eva);
      await until('Eva online', () => evaDesk.online, 5000);
      await setAvailable(url, eva);
      const first = await visitorRequest(url, 'Visitante Uno');
      expect(first.advisorId).toBe(eva.advisorId);
      const accepted = await data<{ roomToken: { token: string } }>(
        url,
        'POST',
        `/api/calls/${first.callId}/accept`,
        { token: eva.token },
      );
      const visitorToken = await asVisitor<{ token: string }>(
        url,
        `/api/calls/${first.callId}/token?userType=client`,
        first.clientKey,
      );
      const stylist = new CallPage(url, first.callId, accepted.roomToken.token, advisorHello(eva), {
        token: eva.token,
      });
      const visitor = new CallPage(url, first.callId, visitorToken.token, async (socket) => {
        const r = await ask(socket, 'client:connect', {
          callId: first.callId,
          clientKey: first.clientKey,
        });
        if (!r.ok) throw new Error(`client:connect → ${r.error.code}`);
      });
      await stylist.open();
      await visitor.open();
      expect(visitor.joins[0]!.peers.map((p) => p.peerId)).toEqual([stylist.joins[0]!.peerId]);

      // Rosa is rung for a second visitor and does not answer yet.
      const rosaDesk = desk(url, rosa);
      await until('Rosa online', () => rosaDesk.online, 5000);
      await setAvailable(url, rosa);
      const second = await visitorRequest(url, 'Visitante Dos');
      expect(second.advisorId).toBe(rosa.advisorId);
      await until(
        'Rosa to be rung',
        () => rosaDesk.heard.some((h) => h.event === 'call:new'),
        5000,
      );

      // The visitor chats all along: each message sent until stored, again with its own id after a
      // lost answer, as the chat does.
      const sent: string[] = [];
      let chatting = true;
      const chat = (async () => {
        for (let n = 1; chatting; n++) {
          const id = randomUUID();
          for (;;) {
            await until('the visitor in the room', () => visitor.ready, 45_000);
            const r = await ask(visitor.socket, 'chat:send', {
              callId: first.callId,
              id,
              body: `Mensaje ${n}`,
            }).catch(() => null);
            if (r?.ok) break;
            // Again at a person's pace too: a refused send (the instance draining) retried at
            // once, over and over, is an event flood, and the server disconnects a flooding
            // socket for good ('io server disconnect', which no client reconnects from).
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          sent.push(id);
          // a person's pace, not a flood (the socket's event limit)
          await new Promise((r) => setTimeout(r, 100));
        }
      })();

      // One instance at a time: SIGTERM, every page over to the other, then back up.
      const stops: { instance: string; stopMs: number; cleanExit: boolean }[] = [];
      for (const [name, instance] of [
        ['A', a],
        ['B', b],
      ] as const) {
        const before = [stylist.joins.length, visitor.joins.length];
        const sentBefore = sent.length;
        const t0 = Date.now();
        // Past the drain's own bound (10 s for requests in flight): a stop that needs kill -9 fails.
        await instance.stop(15_000);
        stops.push({
          instance: name,
          stopMs: Date.now() - t0,
          cleanExit: instance.exitCode === 0,
        });
        await instance.start();
        // Pages on the stopped instance joined again on the other one.
        await until(
          'both pages back in the room',
          () => {
            const back =
              stylist.ready &&
              visitor.ready &&
              (stylist.joins.length > before[0]! || visitor.joins.length > before[1]!);
            if (back) return true;
            throw new Error(
              `stylist: ${stylist.describe()}; visitor: ${visitor.describe()}; ` +
                `instances' warnings: ${warnings([a, b])}`,
            );
          },
          45_000,
        );
        await until(
          'a message stored after the restart',
          () => sent.length > sentBefore + 2,
          30_000,
        );
      }
      chatting = false;
      await chat;

      // Both stopped cleanly (SIGTERM drained, no kill -9 needed).
      expect(stops.map((s) => s.cleanExit)).toEqual([true, true]);
      // Same peers throughout: every join after the first kept the peer id.
      for (const pageOf of [stylist, visitor]) {
        expect(new Set(pageOf.joins.map((j) => j.peerId)).size).toBe(1);
        expect(pageOf.joins.length).toBeGreaterThanOrEqual(2);
        expect(pageOf.losses()).toEqual([]);
      }
      const details = await data<CallDetails>(url, 'GET', `/api/calls/${first.callId}`, {
        token: admin.token,
      });
      expect(details.status).toBe('active');
      // Every message stored once, in the order sent.
      const history = await asVisitor<ChatHistory>(
        url,
        `/api/calls/${first.callId}/messages`,
        first.clientKey,
      );
      expect(history.messages.map((m) => m.id)).toEqual(sent);

      // The offer still rings for Rosa, and her accept goes through.
      expect(rosaDesk.heard.some((h) => h.event === 'call:offer:withdrawn')).toBe(false);
      const accept = await ask(rosaDesk.socket, 'call:accept', {
        callId: second.callId,
        advisorId: rosa.advisorId,
      });
      expect(accept.ok).toBe(true);

      for (const p of [stylist, visitor, evaDesk, rosaDesk]) p.socket.disconnect();
      console.info(
        `[faults] rolling restart: ${stops.map((s) => `${s.instance} stopped in ${s.stopMs} ms`).join(', ')}; ` +
          `outages (lost → in the room again): stylist ${stylist.outages.join('/')} ms, visitor ${visitor.outages.join('/')} ms; ` +
          `${sent.length} messages stored, 0 lost; peer ids kept`,
      );
    },
  );
});
