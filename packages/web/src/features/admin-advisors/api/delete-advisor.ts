import type { Advisor } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { advisorKeys } from './keys';

/** DELETE /api/advisors/{advisorId}: the server revokes the advisor's sessions at once. */
export const deleteAdvisor = async (advisorId: string): Promise<void> => {
  await api.delete(`/api/advisors/${encodeURIComponent(advisorId)}`);
};

export function useDeleteAdvisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdvisor,
    onSuccess: (_data, advisorId) => {
      queryClient.setQueryData<Advisor[]>(advisorKeys.list(), (list) =>
        list?.filter((a) => a.advisorId !== advisorId),
      );
    },
  });
}
