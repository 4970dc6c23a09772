/**
 * A small client of the WhatsApp Business Cloud API (Meta's Graph API): `POST
 * {apiUrl}/{phone-number-id}/messages` with the salon's access token as a bearer, a template
 * message (or, inside the 24-hour window she opened by writing, a plain text reply). Answers the
 * message id (`wamid.…`) or why it was not accepted; never throws, never logs the token.
 */
export type WhatsappApiConfig = {
  /** e.g. https://graph.facebook.com/v21.0 (WHATSAPP_API_URL; tests: the local fake) */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
};

export type TemplateMessage = {
  /** international digits, e.g. 51987654321 */
  to: string;
  template: string;
  /** the template's language code as registered (es, en) */
  language: string;
  /** the body's {{1}}, {{2}}, … in order */
  parameters: string[];
};

export type SendOutcome =
  | { ok: true; wamid: string }
  | {
      ok: false;
      error: string;
      /** worth another attempt later (5xx, 429, network) */ retry: boolean;
    };

export type WhatsappClient = {
  sendTemplate(message: TemplateMessage): Promise<SendOutcome>;
  sendText(to: string, body: string): Promise<SendOutcome>;
};

export const WHATSAPP_TIMEOUT_MS = 10_000;

type GraphAnswer = {
  messages?: { id?: unknown }[];
  error?: { code?: unknown; message?: unknown };
};

export function createWhatsappClient(
  config: WhatsappApiConfig,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): WhatsappClient {
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;

  async function post(body: Record<string, unknown>): Promise<SendOutcome> {
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          ...body,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? WHATSAPP_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return { ok: false, error: timedOut ? 'timeout' : 'connection', retry: true };
    }
    const answer = (await res.json().catch(() => ({}))) as GraphAnswer;
    const wamid = answer.messages?.[0]?.id;
    if (res.ok && typeof wamid === 'string') return { ok: true, wamid };
    const code = typeof answer.error?.code === 'number' ? answer.error.code : null;
    return {
      ok: false,
      error: `http_${res.status}${code === null ? '' : `:${code}`}`,
      retry: res.status >= 500 || res.status === 429,
    };
  }

  return {
    sendTemplate: (m) =>
      post({
        to: m.to,
        type: 'template',
        template: {
          name: m.template,
          language: { code: m.language },
          components: [
            { type: 'body', parameters: m.parameters.map((text) => ({ type: 'text', text })) },
          ],
        },
      }),
    sendText: (to, body) => post({ to, type: 'text', text: { preview_url: false, body } }),
  };
}
