/**
 * One attempt of one delivery: the signed POST (docs/product.md#webhooks). Never follows a
 * redirect (a 3xx is a failed attempt), refuses private targets (webhooks.target.ts), gives up
 * after the timeout and reads at most a few kilobytes of the answer.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@belleza/contract';
import { guardedLookup, RefusedTargetError, refuseTarget } from './webhooks.target.js';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, as Stripe signs. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type AttemptOutcome =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      statusCode: number | null;
      error: 'timeout' | 'connection' | 'refused_target' | 'redirect' | 'http';
    };

export type SendInput = {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  at: Date;
};

export type Sender = (input: SendInput) => Promise<AttemptOutcome>;

const ANSWER_BYTES_MAX = 4096;

export function createSender(opts: { timeoutMs: number; allowPrivate: boolean }): Sender {
  const lookup = guardedLookup(opts.allowPrivate);
  return (input) =>
    new Promise<AttemptOutcome>((resolve) => {
      if (refuseTarget(input.url, opts.allowPrivate) !== null) {
        resolve({ ok: false, statusCode: null, error: 'refused_target' });
        return;
      }
      const url = new URL(input.url);
      const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
      let settled = false;
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = request(
        url,
        {
          method: 'POST',
          lookup,
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(input.body),
            'user-agent': 'BellezaEnVivo-Webhooks/1',
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(input.secret, input.body, input.at),
            [WEBHOOK_EVENT_ID_HEADER]: input.eventId,
          },
        },
        (res) => {
          const statusCode = res.statusCode ?? 0;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > ANSWER_BYTES_MAX) res.destroy();
          });
          const done = () => {
            if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode });
            else
              finish({
                ok: false,
                statusCode,
                error: statusCode >= 300 && statusCode < 400 ? 'redirect' : 'http',
              });
          };
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ ok: false, statusCode: null, error: 'timeout' });
        req.destroy();
      }, opts.timeoutMs);
      req.on('error', (err) => {
        const refused =
          err instanceof RefusedTargetError ||
          (err as { cause?: unknown }).cause instanceof RefusedTargetError;
        finish({ ok: false, statusCode: null, error: refused ? 'refused_target' : 'connection' });
      });
      req.end(input.body);
    });
}
