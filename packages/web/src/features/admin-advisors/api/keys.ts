import type { Advisor } from '@belleza/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the advisors page (own prefix: other admin pages keep their own caches). */
export const advisorKeys = {
  all: ['admin-advisors'] as const,
  list: () => [...advisorKeys.all, 'list'] as const,
};

/** Puts a changed advisor into the cached list without a refetch. */
export function replaceAdvisorInCache(queryClient: QueryClient, advisor: Advisor): void {
  queryClient.setQueryData<Advisor[]>(advisorKeys.list(), (list) =>
    list?.map((a) => (a.advisorId === advisor.advisorId ? advisor : a)),
  );
}
