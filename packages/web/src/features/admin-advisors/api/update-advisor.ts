import { advisorSchema, type Advisor, type UpdateAdvisorBody } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { replaceAdvisorInCache } from './keys';

export type UpdateAdvisorInput = { advisorId: string; body: UpdateAdvisorBody };

/** PUT /api/advisors/{advisorId}. */
export const updateAdvisor = ({ advisorId, body }: UpdateAdvisorInput): Promise<Advisor> =>
  api.put(`/api/advisors/${encodeURIComponent(advisorId)}`, body, { schema: advisorSchema });

export function useUpdateAdvisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdvisor,
    onSuccess: (advisor) => {
      replaceAdvisorInCache(queryClient, advisor);
      // An admin editing themself sees their new name in the header at once.
      if (authStore.getState().advisor?.advisorId === advisor.advisorId)
        authStore.setAdvisor(advisor);
    },
  });
}
