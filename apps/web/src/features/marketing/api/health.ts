import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { healthSchema as serverHealthSchema } from '@wattle/shared';
import { api, isApiError } from '@/lib/api-client';

const { status, version, database, storage } = serverHealthSchema.shape;

/** The parts the status page shows; a part in an unknown state counts as down rather than failing the page. */
const healthSchema = z.object({ status, version, database: database.catch('down'), storage: storage.catch('down') });

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
