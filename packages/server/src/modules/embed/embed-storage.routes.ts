/**
 * The widget frame's saved consultation where the browser denies the frame its storage
 * (docs/product.md#embedded-consultation; contract: `EMBED_STORAGE_*`): the records travel in a
 * partitioned cookie this server sets, so no database row is kept and nothing here is a visitor's
 * secret the server could leak.
 */
import { embedStorageSchema, ok } from '@belleza/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import {
  clearedEmbedStorageCookie,
  embedStorageCookie,
  readEmbedStorage,
} from './embed-storage.cookie.js';
import { sameOriginOnly } from './embed-storage.guard.js';

export type EmbedStorageRoutesOptions = { config: Pick<Config, 'publicUrl'> };

const tags = ['embed'];
const note =
  ' Kept in an HttpOnly partitioned cookie (CHIPS) under /api/embed; only same-origin requests' +
  ' (the frame) are served: another Sec-Fetch-Site or Origin gets 403 CROSS_SITE_REQUEST.';

/** Answers that depend on the visitor's cookie are never cached, by the browser or a proxy. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const embedStorageRoutes: FastifyPluginAsyncZod<EmbedStorageRoutesOptions> = async (
  app,
  { config },
) => {
  // Encapsulated: the check applies to this plugin's routes only.
  app.addHook('onRequest', sameOriginOnly(config.publicUrl));

  app.get(
    '/embed/storage',
    {
      schema: {
        tags,
        summary: "The widget frame's saved records (both null when none or unreadable)." + note,
        response: { 200: ok(embedStorageSchema) },
      },
    },
    async (req, reply) => {
      const { storage, unreadable } = readEmbedStorage(req.headers.cookie);
      noStore(reply);
      if (unreadable) reply.header('set-cookie', clearedEmbedStorageCookie());
      return { success: true as const, data: storage };
    },
  );

  app.put(
    '/embed/storage',
    {
      schema: {
        tags,
        summary:
          "Replace the widget frame's saved records (both null removes the cookie); 413 when they" +
          ' would not fit in a cookie.' +
          note,
        body: embedStorageSchema,
        response: { 200: ok(embedStorageSchema) },
      },
    },
    async (req, reply) => {
      noStore(reply).header('set-cookie', embedStorageCookie(req.body));
      return { success: true as const, data: req.body };
    },
  );
};
