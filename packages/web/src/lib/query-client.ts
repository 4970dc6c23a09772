import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

/** 4xx answers are final (retrying cannot fix a bad request or a missing permission). */
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isClientError(error)) return false;
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
