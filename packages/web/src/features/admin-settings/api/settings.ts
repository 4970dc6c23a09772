/** Settings API: GET/PUT /api/settings, POST /api/settings/test-daily, GET /api/audit (settings changes, sign-in attacks). */
import {
  auditEntrySchema,
  LOGIN_ATTACK_ACTION,
  loginAttackDetailsSchema,
  type LoginAttackDetails,
  settingsResponseSchema,
  testDailyResultSchema,
  testEmailResultSchema,
  type AuditListQuery,
  type TestEmailBody,
  type Settings,
} from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const settingsKeys = {
  all: ['settings'] as const,
  admin: () => [...settingsKeys.all, 'admin'] as const,
  audit: () => [...settingsKeys.all, 'audit'] as const,
  auditPage: (limit: number) => [...settingsKeys.audit(), { limit }] as const,
  loginAttacks: (limit: number) => [...settingsKeys.all, 'login-attacks', { limit }] as const,
  systemStatus: () => [...settingsKeys.all, 'system-status'] as const,
};

/** The only audit action this page lists; the server filters on it. */
const SETTINGS_AUDIT_ACTION = 'settings.update';

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.admin(),
    queryFn: ({ signal }) => api.get('/api/settings', { schema: settingsResponseSchema, signal }),
    // A failed load falls back to the local copy at once; retrying would only delay it.
    retry: false,
  });

export const useSettings = () => useQuery(settingsQueryOptions());

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) =>
      api.put('/api/settings', settings, { schema: settingsResponseSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.admin(), saved);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.audit() });
      // The TURN line depends on the saved provider.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.systemStatus() });
    },
  });
}

export const useTestDaily = () =>
  useMutation({
    mutationFn: (body: { apiKey: string; domain: string }) =>
      api.post('/api/settings/test-daily', body, { schema: testDailyResultSchema }),
  });

/** POST /api/settings/test-email: to the typed address, or the saved one when none is given. */
export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (body: TestEmailBody) =>
      api.post('/api/settings/test-email', body, { schema: testEmailResultSchema }),
  });

const settingsChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown(), to: z.unknown() }),
);
export type SettingsChange = { field: string; from: unknown; to: unknown };
export type SettingsAuditEntry = {
  id: string;
  actorName: string | null;
  createdAt: string;
  changes: SettingsChange[];
};

export type LoginAttackEntry = {
  id: string;
  account: string;
  createdAt: string;
  details: LoginAttackDetails | null;
};

/** The newest `limit` sign-in attacks on accounts (audit `auth.under_attack`), newest first. */
export const useLoginAttacks = (limit: number) =>
  useQuery({
    queryKey: settingsKeys.loginAttacks(limit),
    queryFn: ({ signal }) =>
      api.get('/api/audit', {
        schema: z.array(auditEntrySchema),
        query: { action: LOGIN_ATTACK_ACTION, limit } satisfies AuditListQuery,
        signal,
      }),
    select: (entries): LoginAttackEntry[] =>
      entries.map((e) => {
        const details = loginAttackDetailsSchema.safeParse(e.changes);
        return {
          id: e.id,
          account: e.target ?? '',
          createdAt: e.createdAt,
          details: details.success ? details.data : null,
        };
      }),
  });

/** The newest `limit` settings changes, newest first. */
export const useSettingsAudit = (limit: number) =>
  useQuery({
    queryKey: settingsKeys.auditPage(limit),
    queryFn: ({ signal }) =>
      api.get('/api/audit', {
        schema: z.array(auditEntrySchema),
        query: { action: SETTINGS_AUDIT_ACTION, limit } satisfies AuditListQuery,
        signal,
      }),
    select: (entries): SettingsAuditEntry[] =>
      entries.map((e) => {
        const parsed = settingsChangesSchema.safeParse(e.changes);
        return {
          id: e.id,
          actorName: e.actorName,
          createdAt: e.createdAt,
          changes: parsed.success
            ? Object.entries(parsed.data).map(([field, c]) => ({ field, from: c.from, to: c.to }))
            : [],
        };
      }),
  });
