import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAdvisor } from '@/lib/advisor-api';
import { authStore } from '@/lib/auth-store';
import { replaceAdvisorInCache } from './keys';

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
