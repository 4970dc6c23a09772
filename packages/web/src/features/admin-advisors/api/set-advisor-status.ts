import { advisorSchema, type Advisor, type AdvisorStatus } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { advisorKeys, replaceAdvisorInCache } from './keys';

export type SetStatusInput = { advisorId: string; status: AdvisorStatus };

/** POST /api/advisors/{advisorId}/status. */
export const setAdvisorStatus = ({ advisorId, status }: SetStatusInput): Promise<Advisor> =>
  api.post(
    `/api/advisors/${encodeURIComponent(advisorId)}/status`,
    { status },
    { schema: advisorSchema },
  );

export const setStatusMutationKey = [...advisorKeys.all, 'set-status'] as const;

export function useSetAdvisorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setStatusMutationKey,
    mutationFn: setAdvisorStatus,
    onSuccess: (advisor) => replaceAdvisorInCache(queryClient, advisor),
  });
}
