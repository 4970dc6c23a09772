import { advisorSchema, type Advisor } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceAdvisorInCache } from './keys';

export type SetSuspensionInput = { advisorId: string; suspended: boolean };

/** PUT /api/advisors/{advisorId}/suspension: suspends her (offline until lifted) or lifts it. */
export const setAdvisorSuspension = ({
  advisorId,
  suspended,
}: SetSuspensionInput): Promise<Advisor> =>
  api.put(
    `/api/advisors/${encodeURIComponent(advisorId)}/suspension`,
    { suspended },
    { schema: advisorSchema },
  );

export function useSetAdvisorSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdvisorSuspension,
    onSuccess: (advisor) => replaceAdvisorInCache(queryClient, advisor),
  });
}
