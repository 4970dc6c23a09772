import type { Advisor, AdvisorPhoto } from '@belleza/contract';
import type { QueryClient } from '@tanstack/react-query';
import { authStore } from '@/lib/auth-store';

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

/**
 * A new (or removed) photo into the cached list, and into the signed-in admin's own profile when
 * it is hers.
 */
export function setPhotoInCache(
  queryClient: QueryClient,
  advisorId: string,
  photo: AdvisorPhoto | null,
): void {
  queryClient.setQueryData<Advisor[]>(advisorKeys.list(), (list) =>
    list?.map((a) => (a.advisorId === advisorId ? { ...a, photo } : a)),
  );
  const me = authStore.getState().advisor;
  if (me?.advisorId === advisorId) authStore.setAdvisor({ ...me, photo });
}
