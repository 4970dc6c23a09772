import { QueryClient } from '@tanstack/react-query';
import { isApiError, isClientError } from './api-client';

/**
 * 4xx answers are final (retrying cannot fix a bad request or a missing permission), and so is a
 * request the server left unanswered for its whole bound: the screen shows that failure and its
 * retry at once rather than after two more silent waits.
 */
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isClientError(error) || (isApiError(error) && error.code === 'TIMEOUT')) return false;
  return failureCount < 2;
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 5_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single client; tests create their own with `createQueryClient()`. */
export const queryClient = createQueryClient();
