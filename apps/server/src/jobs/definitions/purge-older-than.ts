import type { Ports } from '../../ports.ts';

const BATCH = 1000;

/**
 * Deletes what is older than `keepMs`, a batch at a time (so no statement holds many locks), until a
 * batch comes back short. `deleteBatch` deletes at most `limit` rows older than `cutoff` and says how many.
 */
export async function purgeOlderThan(container: Pick<Ports, 'clock'>, keepMs: number, deleteBatch: (cutoff: Date, limit: number) => Promise<number>): Promise<number> {
  const cutoff = new Date(container.clock.now().getTime() - keepMs);
  let purged = 0;
  for (;;) {
    const deleted = await deleteBatch(cutoff, BATCH);
    purged += deleted;
    if (deleted < BATCH) return purged;
  }
}
