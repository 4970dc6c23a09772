/** GET /api/privacy: the salon's own privacy policy, empty while the built-in text applies. */
import { privacyPolicySchema } from '@belleza/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const privacyKeys = { policy: ['privacy'] as const };

export const usePrivacyPolicy = () =>
  useQuery({
    queryKey: privacyKeys.policy,
    queryFn: ({ signal }) => api.get('/api/privacy', { schema: privacyPolicySchema, signal }),
  });
