/**
 * A CRM's webhook receiver for the tests: a real HTTP server on loopback that verifies the
 * signature the way docs/product.md#webhooks tells a CRM developer to, and records what it got.
 * `mode` decides the answer: 'up' (204), 'down' (the connection is dropped), 'error' (500),
 * 'redirect' (302 to `/elsewhere`, which must never be called).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventSchema,
  type WebhookEvent,
} from '@belleza/contract';

export type Received = {
  path: string;
  event: WebhookEvent;
  /** the signature matched the secret the receiver was given for this path */
  verified: boolean;
  /** the `t=` of the signature (unix seconds) */
  signedAt: number;
  eventIdHeader: string | undefined;
};

export type ReceiverMode = 'up' | 'down' | 'error' | 'redirect';

/** What a CRM does with a delivery: true when `header` signs `body` with `secret`. */
export function verifySignature(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((kv) => {
      const at = kv.indexOf('=');
      return [kv.slice(0, at), kv.slice(at + 1)];
    }),
  );
  const t = parts.t;
  const v1 = parts.v1;
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(v1);
  return a.length === b.length && timingSafeEqual(a, b);
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startReceiver() {
  const received: Received[] = [];
  /** every request, whatever its answer (a dropped one too): the ids in arrival order */
  const attempts: Array<{ path: string; eventId: string }> = [];
  const secrets = new Map<string, string>();
  let mode: ReceiverMode = 'up';
  let elsewhere = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '/';
      if (path === '/elsewhere') {
        elsewhere += 1;
        res.writeHead(204).end();
        return;
      }
      const body = await readBody(req);
      const event = webhookEventSchema.parse(JSON.parse(body));
      attempts.push({ path, eventId: event.id });
      if (mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (mode === 'error') {
        res.writeHead(500).end('boom');
        return;
      }
      if (mode === 'redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end();
        return;
      }
      const header = String(req.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
      const secret = secrets.get(path) ?? '';
      received.push({
        path,
        event,
        verified: verifySignature(secret, header, body),
        signedAt: Number(/t=(\d+)/.exec(header)?.[1]),
        eventIdHeader: req.headers[WEBHOOK_EVENT_ID_HEADER] as string | undefined,
      });
      res.writeHead(204).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    attempts,
    /** the secret a path's endpoint signs with (the receiver learns it as a CRM would) */
    knowSecret: (path: string, secret: string) => secrets.set(path, secret),
    setMode: (next: ReceiverMode) => {
      mode = next;
    },
    elsewhereCalls: () => elsewhere,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
