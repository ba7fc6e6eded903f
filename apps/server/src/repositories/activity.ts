import { and, count, eq, gte } from 'drizzle-orm';
import { jobs, pdfFiles, type Database } from '@wattle/db';
import { userOwner } from '../domain/owner.ts';
import { ownedBy } from './owned-by.ts';

/** What the account did since a moment: documents uploaded (even if deleted since) and tool jobs started. */
export async function activitySince(db: Database, userId: string, since: Date): Promise<{ uploads: number; jobs: number }> {
  const [[uploads], [jobRuns]] = await Promise.all([
    db.select({ n: count() }).from(pdfFiles).where(and(eq(pdfFiles.userId, userId), gte(pdfFiles.uploadedAt, since))),
    db.select({ n: count() }).from(jobs).where(and(ownedBy(jobs, userOwner(userId)), gte(jobs.createdAt, since))),
  ]);
  return { uploads: uploads?.n ?? 0, jobs: jobRuns?.n ?? 0 };
}
