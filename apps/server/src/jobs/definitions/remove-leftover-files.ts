import type { Ports } from '../../ports.ts';
import { removeStaleFiles } from '../../data-dir.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/**
 * What a crashed process left on this machine's disk: temporary upload files over an hour old (never an
 * in-flight one) and the engine scratch of workers that no longer run. Safe with several sweepers.
 */
export async function removeLeftoverFiles(container: Pick<Ports, 'dataDir' | 'logger'>): Promise<void> {
  const { tempFiles, workDirsOf } = await removeStaleFiles(container.dataDir);
  if (tempFiles || workDirsOf.length) container.logger.info({ tempFiles, workDirsOf }, 'removed files a crash left behind');
}

/** Every role writes temporary files to this machine's disk, so every process clears what a crash left. */
export const REMOVE_LEFTOVER_FILES: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'remove-leftover-files',
  everyMs: 10 * 60_000,
  runsIn: 'every process',
  handler: removeLeftoverFiles,
};
