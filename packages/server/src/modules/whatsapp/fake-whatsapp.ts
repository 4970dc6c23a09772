/**
 * A local stand-in for the WhatsApp Business Cloud API (Meta's Graph API), so tests never touch
 * the internet: `POST /{phone-number-id}/messages` with a bearer token answers
 * `{messaging_product, contacts, messages: [{id: 'wamid.…'}]}` and records what it received. It
 * can also play Meta's side of the webhook: post a message's status (`sent`, `delivered`, `read`,
 * `failed`) or an inbound text to the app, signed with the app secret as Meta signs
 * (`X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body>`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeWhatsappMessage = {
  wamid: string;
  phoneNumberId: string;
  to: string;
  type: string;
  /** a template message's name, language and body parameters */
  template: { name: string; language: string; parameters: string[] } | null;
  /** a text message's body */
  text: string | null;
  body: unknown;
};

export type FakeWhatsapp = {
  /** base URL to use as WHATSAPP_API_URL (with the Graph version, as Meta's) */
  url: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  messages: FakeWhatsappMessage[];
  /** The next `count` sends answer `status` with a Graph error body. */
  failNext(status: 400 | 401 | 429 | 500, count?: number): void;
  /** The Cloud API's status callback for a sent message, posted (signed) to `webhookUrl`. */
  postStatus(
    webhookUrl: string,
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    at?: Date,
    secret?: string,
  ): Promise<Response>;
  /** An inbound text from `from` (international digits), posted (signed) to `webhookUrl`. */
  postInbound(webhookUrl: string, from: string, text: string, at?: Date): Promise<Response>;
  close(): Promise<void>;
};

export type FakeWhatsappOptions = {
  phoneNumberId?: string;
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
};

type Sent = { to?: unknown; type?: unknown; template?: unknown; text?: unknown };
type SentTemplate = {
  name?: unknown;
  language?: { code?: unknown };
  components?: { type?: unknown; parameters?: { text?: unknown }[] }[];
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const templateOf = (t: SentTemplate | undefined): FakeWhatsappMessage['template'] => {
  if (!t || typeof t.name !== 'string') return null;
  const body = t.components?.find((c) => c.type === 'body');
  return {
    name: t.name,
    language: typeof t.language?.code === 'string' ? t.language.code : '',
    parameters: (body?.parameters ?? []).map((p) => String(p.text)),
  };
};

/** Meta's signature of a webhook body. */
export const signWhatsappBody = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export async function startFakeWhatsapp(options: FakeWhatsappOptions = {}): Promise<FakeWhatsapp> {
  const phoneNumberId = options.phoneNumberId ?? '100200300400500';
  const accessToken = options.accessToken ?? 'fake-whatsapp-token';
  const appSecret = options.appSecret ?? 'fake-whatsapp-app-secret';
  const verifyToken = options.verifyToken ?? 'fake-whatsapp-verify-token';
  const messages: FakeWhatsappMessage[] = [];
  const failures: number[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const graphError = (status: number) => ({
    error: {
      message: status === 401 ? 'Invalid OAuth access token.' : 'fake failure',
      type: 'OAuthException',
      code: status === 401 ? 190 : status === 429 ? 130429 : status === 400 ? 100 : 2,
      fbtrace_id: 'fake',
    },
  });

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return send(res, 404, graphError(400));
      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return send(res, 401, graphError(401));
      if (match[1] !== phoneNumberId) return send(res, 400, graphError(400));
      const failure = failures.shift();
      if (failure !== undefined) return send(res, failure, graphError(failure));
      let body: Sent & { messaging_product?: unknown };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(res, 400, graphError(400));
      }
      if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
        return send(res, 400, graphError(400));
      const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
      messages.push({
        wamid,
        phoneNumberId,
        to: body.to,
        type: typeof body.type === 'string' ? body.type : 'text',
        template: body.type === 'template' ? templateOf(body.template as SentTemplate) : null,
        text:
          body.type === 'text' ? String((body.text as { body?: unknown } | undefined)?.body) : null,
        body,
      });
      send(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid }],
      });
    })().catch(() => send(res, 500, graphError(500)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'fake-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '51999999999', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const post = (webhookUrl: string, payload: unknown, secret = appSecret) => {
    const raw = JSON.stringify(payload);
    return fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWhatsappBody(secret, raw),
      },
      body: raw,
    });
  };
  const unix = (at: Date) => String(Math.floor(at.getTime() / 1000));

  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    phoneNumberId,
    accessToken,
    appSecret,
    verifyToken,
    messages,
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    postStatus(webhookUrl, wamid, status, at = new Date(), secret) {
      const sent = messages.find((m) => m.wamid === wamid);
      return post(
        webhookUrl,
        envelope({
          statuses: [
            {
              id: wamid,
              status,
              timestamp: unix(at),
              recipient_id: sent?.to ?? '',
              ...(status === 'failed'
                ? { errors: [{ code: 131026, title: 'Message undeliverable' }] }
                : {}),
            },
          ],
        }),
        secret,
      );
    },
    postInbound(webhookUrl, from, text, at = new Date()) {
      return post(
        webhookUrl,
        envelope({
          contacts: [{ profile: { name: 'Clienta' }, wa_id: from }],
          messages: [
            {
              from,
              id: `wamid.${randomBytes(18).toString('base64url')}`,
              timestamp: unix(at),
              type: 'text',
              text: { body: text },
            },
          ],
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A configuration for suites that only call the app's routes (nothing is sent: its API address
 * answers nobody), with the secret that signs their webhook calls.
 */
export const WHATSAPP_TEST_CONFIG = {
  apiUrl: 'http://127.0.0.1:9/v21.0',
  phoneNumberId: '100200300400500',
  accessToken: 'test-whatsapp-access-token',
  appSecret: 'test-whatsapp-app-secret',
  verifyToken: 'test-whatsapp-verify-token',
} as const;
