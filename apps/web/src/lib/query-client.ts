import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: cached data stays fresh for 5 minutes; a failed request is retried once. */
export const STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: 1 },
    },
  });
}
