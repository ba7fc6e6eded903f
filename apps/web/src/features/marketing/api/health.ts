import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const componentState = z.enum(['up', 'down']).catch('down');

const healthSchema = z.object({
  status: z.string(),
  version: z.string().optional(),
  database: componentState,
  storage: componentState,
});

export type Health = z.infer<typeof healthSchema>;

/** `GET /api/health` answers 200 when everything is up and 503 when something is down. */
async function fetchHealth(): Promise<Health> {
  return healthSchema.parse(await api.get('/api/health'));
}

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: fetchHealth, staleTime: 0, refetchInterval: 60_000, retry: false });
}
