/**
 * TURN health check: one real allocation (RFC 5766) against the configured server, the way a
 * browser makes it: Allocate → 401 with REALM and NONCE → Allocate with USERNAME, REALM, NONCE and
 * MESSAGE-INTEGRITY (long-term key MD5(username:realm:password)) → success, then the allocation is
 * released at once (Refresh with LIFETIME 0). Over UDP (with retransmissions), TCP, or TLS for
 * `turns:` (STUN over a stream is the same messages back to back). The allocation gets at most
 * the timeout (releasing it at most 1 s more); never throws.
 */
import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { isIP, connect as tcpConnect, type Socket as TcpSocket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import stun, { type StunRequest, type StunResponse } from '@msimerson/stun';
import type { TurnUrl } from './ice-url.js';

export type TurnProbeFailure =
  /** the server answered the authenticated request with 401/403/441: wrong secret or clock */
  | 'refused'
  /** the server answered with another error (e.g. 486 quota reached, 508 no capacity) */
  | 'failed'
  /** nothing came back within the timeout */
  | 'no_answer'
  /** the connection was refused, the name does not resolve, TLS failed… */
  | 'unreachable';

export type TurnProbeResult =
  | { ok: true; url: string; allocationMs: number }
  | { ok: false; url: string; outcome: TurnProbeFailure; detail: string };

export type TurnProbeOptions = {
  target: TurnUrl;
  username: string;
  credential: string;
  timeoutMs: number;
  /** for `turns:`: e.g. the CA a test server's certificate is signed with */
  tls?: Pick<ConnectionOptions, 'ca' | 'servername'>;
};

const { constants: c } = stun;
const ALLOCATE_REQUEST = c.STUN_ALLOCATE_REQUEST ?? 0x0003;
const REFRESH_REQUEST = c.STUN_REFRESH_REQUEST ?? 0x0004;
const ATTR_REQUESTED_TRANSPORT = c.STUN_ATTR_REQUESTED_TRANSPORT ?? 0x0019;
const ATTR_LIFETIME = c.STUN_ATTR_LIFETIME ?? 0x000d;
/** REQUESTED-TRANSPORT: protocol number 17 (UDP) in the first byte, then 3 reserved bytes. */
const UDP_TRANSPORT = (17 << 24) >>> 0;
/** STUN over UDP: first retransmission after this, then doubling (RFC 5389 §7.2.1 uses 500 ms). */
const INITIAL_RTO_MS = 250;
/** How long releasing the allocation may take; it expires on its own anyway (default 10 min). */
const RELEASE_TIMEOUT_MS = 1000;

class ProbeError extends Error {
  constructor(
    readonly outcome: TurnProbeFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A message channel to the server: datagrams over UDP, a framed byte stream over TCP/TLS. */
type Channel = {
  reliable: boolean;
  send(message: Buffer): void;
  /** one decoded STUN message per call; errors end the channel */
  listen(onMessage: (message: Buffer) => void, onError: (err: Error) => void): void;
  close(): void;
};

const isSuccess = (type: number) => (type & 0x0110) === 0x0100;
const isError = (type: number) => (type & 0x0110) === 0x0110;

/** Waits for `promise`, but no longer than until `deadline` (performance.now() ms). */
async function before<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProbeError('no_answer', `no answer (${what})`)),
      Math.max(0, deadline - performance.now()),
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function openUdp(target: TurnUrl): Promise<Channel> {
  const { address, family } = await lookup(target.host);
  const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
  // A connected socket hears ICMP "port unreachable" as ECONNREFUSED instead of waiting in vain.
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.connect(target.port, address, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    reliable: false,
    send: (message) => socket.send(message),
    listen(onMessage, onError) {
      socket.on('message', onMessage);
      socket.on('error', onError);
    },
    close: () => {
      socket.removeAllListeners('message');
      socket.on('error', () => undefined);
      socket.close();
    },
  };
}

async function openStream(target: TurnUrl, tls: TurnProbeOptions['tls']): Promise<Channel> {
  const socket: TcpSocket =
    target.transport === 'tls'
      ? tlsConnect({
          host: target.host,
          port: target.port,
          ...(isIP(target.host) ? {} : { servername: target.host }),
          ...tls,
        })
      : tcpConnect({ host: target.host, port: target.port });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once(target.transport === 'tls' ? 'secureConnect' : 'connect', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    reliable: true,
    send: (message) => socket.write(message),
    listen(onMessage, onError) {
      // Messages arrive back to back: 20-byte header whose bytes 2–3 give the body length.
      let pending = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        while (pending.length >= 20) {
          const size = 20 + pending.readUInt16BE(2);
          if (pending.length < size) break;
          onMessage(pending.subarray(0, size));
          pending = pending.subarray(size);
        }
      });
      socket.on('error', onError);
      socket.on('close', () => onError(new Error('connection closed by the server')));
    },
    close: () => {
      socket.removeAllListeners('close');
      socket.on('error', () => undefined);
      socket.destroy();
    },
  };
}

type Exchange = (request: StunRequest, deadline: number) => Promise<StunResponse>;

/**
 * Request/response over a channel: answers are matched by transaction id; over UDP a request is
 * sent again after 250, 500, 1000… ms until the deadline (datagrams get lost), over a stream once.
 */
function exchangeOver(channel: Channel): Exchange {
  type Waiter = { resolve: (r: StunResponse) => void; reject: (e: Error) => void };
  const waiting = new Map<string, Waiter>();
  channel.listen(
    (message) => {
      let response: StunResponse;
      try {
        response = stun.decode(message);
      } catch {
        return; // not a STUN message
      }
      waiting.get(response.transactionId.toString('hex'))?.resolve(response);
    },
    (err) => {
      for (const waiter of waiting.values()) waiter.reject(err);
    },
  );
  return (request, deadline) => {
    const id = request.transactionId.toString('hex');
    const packet = request.toBuffer();
    return new Promise<StunResponse>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        waiting.delete(id);
      };
      waiting.set(id, {
        resolve: (response) => {
          done();
          resolve(response);
        },
        reject: (err) => {
          done();
          reject(err);
        },
      });
      let rto = INITIAL_RTO_MS;
      const send = () => {
        const left = deadline - performance.now();
        if (left <= 0) {
          done();
          reject(new ProbeError('no_answer', 'no answer'));
          return;
        }
        channel.send(packet);
        timer = setTimeout(send, channel.reliable ? left : Math.min(rto, left));
        rto *= 2;
      };
      send();
    });
  };
}

export async function probeTurn(options: TurnProbeOptions): Promise<TurnProbeResult> {
  const { target, username, credential, timeoutMs } = options;
  const started = performance.now();
  const deadline = started + timeoutMs;
  let channel: Channel | undefined;
  let finished = false;
  try {
    const opening = target.transport === 'udp' ? openUdp(target) : openStream(target, options.tls);
    // A connection that opens only after we gave up is closed, not leaked.
    opening.then(
      (opened) => {
        if (finished) opened.close();
      },
      () => undefined,
    );
    channel = await before(opening, deadline, 'connecting');
    const exchange = exchangeOver(channel);

    const allocate = (auth?: { realm: string; nonce: string; key: Buffer }) => {
      const request = stun.createMessage(ALLOCATE_REQUEST);
      request.addAttribute(ATTR_REQUESTED_TRANSPORT, UDP_TRANSPORT);
      if (auth) signRequest(request, username, auth);
      return exchange(request, deadline);
    };

    const challenge = await allocate();
    if (isSuccess(challenge.type)) {
      // A server without authentication: the allocation exists; release it unauthenticated.
      const allocationMs = Math.round(performance.now() - started);
      await release(exchange, undefined, username);
      return { ok: true, url: target.url, allocationMs };
    }
    const challengeError = challenge.getError();
    const realm = challenge.getRealm();
    let nonce = challenge.getNonce();
    if (challengeError?.code !== 401 || realm === undefined || nonce === undefined)
      throw new ProbeError('failed', `unexpected answer to Allocate: ${errorText(challenge)}`);

    const key = createHash('md5').update(`${username}:${realm}:${credential}`).digest();
    let answer = await allocate({ realm, nonce, key });
    if (answer.getError()?.code === 438 && answer.getNonce()) {
      nonce = answer.getNonce() ?? nonce;
      answer = await allocate({ realm, nonce, key }); // stale nonce: once more with the new one
    }
    if (isSuccess(answer.type)) {
      const allocationMs = Math.round(performance.now() - started);
      await release(exchange, { realm, nonce, key }, username);
      return { ok: true, url: target.url, allocationMs };
    }
    const code = answer.getError()?.code;
    if (code === 401 || code === 403 || code === 441)
      throw new ProbeError('refused', `credential refused: ${errorText(answer)}`);
    throw new ProbeError('failed', `allocation failed: ${errorText(answer)}`);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    const outcome = err instanceof ProbeError ? err.outcome : 'unreachable';
    const detail =
      outcome === 'no_answer'
        ? `no answer from ${target.url} within ${timeoutMs} ms`
        : `${target.url}: ${error.message}`;
    return { ok: false, url: target.url, outcome, detail: detail.slice(0, 200) };
  } finally {
    finished = true;
    channel?.close();
  }
}

function signRequest(
  request: StunRequest,
  username: string,
  auth: { realm: string; nonce: string; key: Buffer },
): void {
  request.addUsername(username);
  request.addRealm(auth.realm);
  request.addNonce(auth.nonce);
  request.addMessageIntegrity(auth.key);
}

/** Refresh with LIFETIME 0 frees the relay port at once; a failure here changes nothing. */
async function release(
  exchange: Exchange,
  auth: { realm: string; nonce: string; key: Buffer } | undefined,
  username: string,
): Promise<void> {
  const request = stun.createMessage(REFRESH_REQUEST);
  request.addAttribute(ATTR_LIFETIME, 0);
  if (auth) signRequest(request, username, auth);
  await exchange(request, performance.now() + RELEASE_TIMEOUT_MS).catch(() => undefined);
}

function errorText(response: StunResponse): string {
  const error = response.getError();
  if (error) return `${error.code} ${error.reason}`.trim();
  return isError(response.type) ? 'error response' : `message type 0x${response.type.toString(16)}`;
}
