import { and, count, gte } from 'drizzle-orm';
import { jobs, pdfFiles, type Database } from '@wattle/db';
import type { AccountOwner } from '../domain/owner.ts';
import { ownedBy, ownedByAccount } from './owned-by.ts';

/** What the space saw since a moment: documents uploaded (even if deleted since) and tool jobs started. */
export async function activitySince(db: Database, owner: AccountOwner, since: Date): Promise<{ uploads: number; jobs: number }> {
  const [[uploads], [jobRuns]] = await Promise.all([
    db.select({ n: count() }).from(pdfFiles).where(and(ownedByAccount(pdfFiles, owner), gte(pdfFiles.uploadedAt, since))),
    db.select({ n: count() }).from(jobs).where(and(ownedBy(jobs, owner), gte(jobs.createdAt, since))),
  ]);
  return { uploads: uploads?.n ?? 0, jobs: jobRuns?.n ?? 0 };
}
