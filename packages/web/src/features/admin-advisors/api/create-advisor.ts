import { advisorSchema, type Advisor, type CreateAdvisorBody } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { advisorKeys } from './keys';

/** POST /api/advisors. */
export const createAdvisor = (body: CreateAdvisorBody): Promise<Advisor> =>
  api.post('/api/advisors', body, { schema: advisorSchema });

export function useCreateAdvisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdvisor,
    onSuccess: (advisor) => {
      queryClient.setQueryData<Advisor[]>(advisorKeys.list(), (list) =>
        list ? [...list, advisor] : list,
      );
      void queryClient.invalidateQueries({ queryKey: advisorKeys.list() });
    },
  });
}
