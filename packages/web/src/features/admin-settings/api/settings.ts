/** Settings API (SPEC §7): GET/PUT /api/settings, POST /api/settings/test-daily, GET /api/audit. */
import {
  auditEntrySchema,
  settingsResponseSchema,
  testDailyResultSchema,
  type Settings,
} from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const settingsKeys = {
  all: ['settings'] as const,
  admin: () => [...settingsKeys.all, 'admin'] as const,
  audit: () => [...settingsKeys.all, 'audit'] as const,
};

/** How many audit rows are read; settings changes are picked from them (the endpoint has no filter). */
export const AUDIT_FETCH_LIMIT = 100;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.admin(),
    queryFn: ({ signal }) => api.get('/api/settings', { schema: settingsResponseSchema, signal }),
    // SPEC: a failed load falls back to the local copy at once; retrying would only delay it.
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
    },
  });
}

export const useTestDaily = () =>
  useMutation({
    mutationFn: (body: { apiKey: string; domain: string }) =>
      api.post('/api/settings/test-daily', body, { schema: testDailyResultSchema }),
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

export const useSettingsAudit = () =>
  useQuery({
    queryKey: settingsKeys.audit(),
    queryFn: ({ signal }) =>
      api.get('/api/audit', {
        schema: z.array(auditEntrySchema),
        query: { limit: AUDIT_FETCH_LIMIT },
        signal,
      }),
    select: (entries): SettingsAuditEntry[] =>
      entries
        .filter((e) => e.action === 'settings.update')
        .map((e) => {
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
