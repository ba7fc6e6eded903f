import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth/session';
import type { ToolLimits, ToolsCatalogue } from '@wattle/shared';
import { api } from '@/lib/api-client';

/** `GET /api/v1/tools`, keyed by the caller: limits differ between visitors and account holders. */
export function useToolsCatalogue() {
  const { user, isLoading } = useSession();
  return useQuery({
    queryKey: ['tools', user?.id ?? 'visitor'],
    queryFn: () => api.get<ToolsCatalogue>('/api/v1/tools'),
    enabled: !isLoading,
  });
}

/** Ids of the tools the server cannot run right now (e.g. their engine is missing). */
export function useUnavailableTools(): ReadonlySet<string> {
  const { data } = useToolsCatalogue();
  return new Set(data?.tools.filter((t) => !t.available).map((t) => t.id));
}

/** The server's status for one tool; while it loads, a tool counts as available. */
export function useToolStatus(id: string): { available: boolean; limits?: ToolLimits } {
  const { data } = useToolsCatalogue();
  return { available: data?.tools.find((t) => t.id === id)?.available ?? true, limits: data?.limits };
}
