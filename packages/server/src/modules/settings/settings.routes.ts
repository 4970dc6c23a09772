import {
  colourChartSettingsSchema,
  ok,
  privacyPolicySchema,
  publicSettingsSchema,
  settingsResponseSchema,
  settingsSchema,
} from '@belleza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly, advisorOnly, requireAdmin, requireAdvisor } from '../../plugins/auth.js';
import { auditRoutes, type AuditRoutesOptions } from '../audit/audit.routes.js';
import type { SettingsService } from './settings.service.js';

export type SettingsRoutesOptions = { settings: SettingsService } & AuditRoutesOptions;

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (
  app,
  { settings, audit },
) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: "What a visitor's browser needs (no secrets, no notification settings)",
        response: { 200: ok(publicSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await settings.getPublic() }),
  );

  app.get(
    '/privacy',
    {
      schema: {
        tags: ['settings'],
        summary: "The salon's privacy policy (empty: the built-in text applies)",
        response: { 200: ok(privacyPolicySchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { text: (await settings.get()).system.privacyPolicy },
    }),
  );

  app.get(
    '/settings/colour-chart',
    {
      onRequest: advisorOnly,
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        summary:
          "The salon's colour chart, for the hair colour preview in a call (any stylist or admin)",
        response: { 200: ok(colourChartSettingsSchema) },
      },
    },
    async (req) => {
      requireAdvisor(req);
      return { success: true as const, data: await settings.colourChart() };
    },
  );

  app.get(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        summary: 'All settings, the Daily API key masked (admin)',
        response: { 200: ok(settingsResponseSchema) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await settings.getMasked() };
    },
  );

  app.put(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        summary: 'Replace all settings (admin); a masked API key keeps the stored one',
        body: settingsSchema,
        response: { 200: ok(settingsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await settings.update(requireAdmin(req), req.body),
    }),
  );

  // The audit trail is admin configuration history; it lives beside settings until app.ts mounts it.
  await app.register(auditRoutes, { audit });
};
