import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';

const componentState = z.enum(['up', 'down']).catch('down');

const healthSchema = z.object({
  status: z.string(),
  version: z.string().optional(),
  database: componentState,
  storage: componentState,
});

export type Health = z.infer<typeof healthSchema>;

/** `GET /api/health` answers 200 when everything is up and 503, with the same body, when something is down. */
async function fetchHealth(): Promise<Health> {
  try {
    return healthSchema.parse(await api.get('/api/health'));
  } catch (error) {
    const report = isApiError(error) && error.status === 503 ? healthSchema.safeParse(error.body) : undefined;
    if (report?.success) return report.data;
    throw error;
  }
}

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: fetchHealth, staleTime: 0, refetchInterval: 60_000, retry: false });
}
