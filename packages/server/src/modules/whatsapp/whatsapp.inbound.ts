/**
 * What Meta's webhook tells (docs/architecture.md#whatsapp), once its signature was checked: the
 * statuses of the messages sent (`entry[].changes[].value.statuses[]`), and the texts visitors
 * write (`…value.messages[]`), of which only an opt-out ("BAJA") is acted on. Anything else in
 * the payload is ignored: Meta adds fields and kinds of change over time.
 */
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { WhatsappClient } from './whatsapp.client.js';
import { optOutLanguage } from './whatsapp.numbers.js';
import { insertOptOut, recordStatus } from './whatsapp.repository.js';
import { optOutReply } from './whatsapp.templates.js';

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z.array(z.object({ code: z.number().optional() }).loose()).optional(),
});
const inboundSchema = z.object({
  from: z.string().max(40),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
});
const payloadSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z.array(z.unknown()).optional(),
                  messages: z.array(z.unknown()).optional(),
                })
                .loose(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const TRACKED = ['sent', 'delivered', 'read', 'failed'] as const;
type Tracked = (typeof TRACKED)[number];
const isTracked = (s: string): s is Tracked => (TRACKED as readonly string[]).includes(s);

export function createWhatsappInbound(
  deps: Pick<Deps, 'db' | 'clock' | 'log'> & {
    phoneHash: (phone: string) => Promise<string | null>;
    client: WhatsappClient | null;
  },
) {
  const { db, clock, log, phoneHash, client } = deps;

  async function onStatus(raw: unknown): Promise<void> {
    const parsed = statusSchema.safeParse(raw);
    if (!parsed.success || !isTracked(parsed.data.status)) return;
    const s = parsed.data;
    const at = new Date(Number(s.timestamp) * 1000).toISOString();
    const code = s.errors?.[0]?.code;
    await recordStatus(
      db,
      s.id,
      s.status as Tracked,
      at,
      code === undefined ? 'failed' : `meta_${code}`,
    );
  }

  async function onMessage(raw: unknown): Promise<void> {
    const parsed = inboundSchema.safeParse(raw);
    if (!parsed.success || parsed.data.type !== 'text' || !parsed.data.text) return;
    const language = optOutLanguage(parsed.data.text.body);
    if (language === null) return;
    const hash = await phoneHash(parsed.data.from);
    if (hash === null) return;
    const first = await insertOptOut(db, hash, clock.now().toISOString());
    log.info('whatsapp opt-out recorded');
    // One confirmation, inside the 24-hour window her message opened; a repeat is not answered.
    if (first && client) {
      const sent = await client.sendText(parsed.data.from, optOutReply(language));
      if (!sent.ok) log.warn({ error: sent.error }, 'whatsapp opt-out reply not sent');
    }
  }

  return {
    async handle(payload: unknown): Promise<void> {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      for (const entry of parsed.data.entry)
        for (const change of entry.changes) {
          for (const s of change.value.statuses ?? []) await onStatus(s);
          for (const m of change.value.messages ?? []) await onMessage(m);
        }
    },
  };
}
