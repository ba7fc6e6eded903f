import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime } from '@/lib/realtime';

/** Keeps the signed-in user's event stream open while the dashboard is mounted. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return connectRealtime({ queryClient });
  }, [queryClient]);
}
