import type { Ports } from '../../ports.ts';
import type { Owner } from '../../domain/owner.ts';
import { findJob, type JobRecord } from '../../repositories/jobs.ts';
import { isOwnedBy } from '../../repositories/owned-by.ts';

/**
 * Jobs as their owners last read them, kept in this process so that a page polling its job's status
 * costs no database round trip. Every change to a job (claimed, progress, finished, an output deleted)
 * is announced through the event bus, which reaches every process (Postgres NOTIFY), and drops the
 * entry. A miss reads through the owner-scoped query, and a hit answers only the owner that query would
 * have answered (isOwnedBy is ownedBy in memory), before the job's expiry, exactly like the query.
 * The worker announces its own changes through `announce`, with the record it has just committed, and a
 * submission keeps the jobs it has just made (`keepNew`), so the job's page in this process is answered
 * without reading it back.
 */

/** How long a job read is answered from memory. */
interface MaxAge {
  /** A lost announcement (a listener reconnecting) is outlived this fast: open jobs are read again after it. */
  openMs: number;
  finishedMs: number;
}
const MAX_AGE: MaxAge = { openMs: 2000, finishedMs: 60_000 };
const MAX_ENTRIES = 2000;

interface Entry {
  record: JobRecord;
  readAt: number;
}

export interface JobCache {
  find(owner: Owner, id: string): Promise<JobRecord | undefined>;
  /**
   * Runs `publish` (which tells this process's listeners before it returns, see the event bus) and keeps
   * `record`, committed just before, unless another change to the job came in meanwhile.
   */
  announce(record: JobRecord, publish: () => Promise<void>): Promise<void>;
  /**
   * Runs `commit`, which commits new jobs and returns their records, and keeps each record unless a
   * change to its job came in meanwhile (a worker claimed it already): the submission's answer and the
   * job's first poll read nothing back.
   */
  keepNew(ids: string[], commit: () => Promise<JobRecord[]>): Promise<JobRecord[]>;
  /** How many jobs this process holds now. */
  held(): number;
}

const caches = new WeakMap<object, JobCache>();

/** This process's cache for the container's database (one per container, so tests stay apart). */
export function jobCache(container: Pick<Ports, 'clock' | 'db' | 'events'>): JobCache {
  let cache = caches.get(container);
  if (!cache) caches.set(container, (cache = createJobCache(container)));
  return cache;
}

export function createJobCache(container: Pick<Ports, 'clock' | 'db' | 'events'>, maxAge = MAX_AGE): JobCache {
  const entries = new Map<string, Entry>();
  // Bumped by every change, so a read that started before a change is not kept after it.
  const changes = new Map<string, number>();
  container.events.onJobChanged((jobId) => {
    entries.delete(jobId);
    changes.set(jobId, (changes.get(jobId) ?? 0) + 1);
    if (changes.size > MAX_ENTRIES) changes.delete(changes.keys().next().value!);
  });

  const fresh = (entry: Entry, now: number) => {
    const open = entry.record.job.status === 'queued' || entry.record.job.status === 'running';
    return now - entry.readAt < (open ? maxAge.openMs : maxAge.finishedMs);
  };

  // A job past its age answers nothing from memory: it goes, so a process at rest holds no jobs
  // (2,000 finished jobs held 5 MB). The timer runs only while jobs are held and never keeps the process up.
  let sweep: NodeJS.Timeout | undefined;
  const sweepLater = () => {
    sweep ??= setTimeout(() => {
      sweep = undefined;
      const now = Date.now();
      for (const [id, entry] of entries) if (!fresh(entry, now)) entries.delete(id);
      if (entries.size) sweepLater();
    }, maxAge.finishedMs).unref();
  };

  const keep = (record: JobRecord, readAt: number) => {
    entries.delete(record.job.id);
    entries.set(record.job.id, { record, readAt });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    sweepLater();
  };

  return {
    async find(owner, id) {
      const now = container.clock.now();
      const entry = entries.get(id);
      if (entry && fresh(entry, Date.now())) {
        const { job } = entry.record;
        return isOwnedBy(job, owner) && job.expiresAt > now ? entry.record : undefined;
      }
      const seen = changes.get(id);
      const readAt = Date.now();
      const record = await findJob(container.db, owner, id, now);
      if (record && changes.get(id) === seen) keep(record, readAt);
      return record;
    },
    async announce(record, publish) {
      const id = record.job.id;
      const seen = changes.get(id) ?? 0;
      const published = publish();
      // Only this announcement since `seen`: the record is the job as it is now.
      if (changes.get(id) === seen + 1) keep(record, Date.now());
      await published;
    },
    async keepNew(ids, commit) {
      const seen = new Map(ids.map((id) => [id, changes.get(id)]));
      const readAt = Date.now();
      const records = await commit();
      for (const record of records) if (changes.get(record.job.id) === seen.get(record.job.id)) keep(record, readAt);
      return records;
    },
    held: () => entries.size,
  };
}
