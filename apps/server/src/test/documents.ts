import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { documentVersions, pdfFiles, usageStatistics } from '@wattle/db';
import type { Container } from '../container.ts';
import { dataPaths } from '../data-dir.ts';

/** What the account is charged and what every version of its non-deleted files adds up to: always equal. */
export async function storageLedger(container: Container, userId: string): Promise<{ charged: number; stored: number; limit: number }> {
  const [usage] = await container.db.select().from(usageStatistics).where(eq(usageStatistics.userId, userId));
  const [sum] = await container.db
    .select({ stored: sql<string>`coalesce(sum(${documentVersions.fileSize}), 0)` })
    .from(documentVersions)
    .innerJoin(pdfFiles, eq(pdfFiles.id, documentVersions.documentId))
    .where(and(eq(pdfFiles.userId, userId), eq(pdfFiles.deleted, false)));
  return { charged: usage?.storageUsed ?? 0, stored: Number(sum!.stored), limit: usage?.storageLimit ?? 0 };
}

export async function setStorageLimit(container: Container, userId: string, limit: number): Promise<void> {
  await container.db.insert(usageStatistics).values({ userId, storageLimit: limit }).onConflictDoUpdate({ target: usageStatistics.userId, set: { storageLimit: limit } });
}

/** Keys of the user's stored PDFs in the local blob store. */
export function storedBlobs(container: Container, userId: string): string[] {
  const dir = join(dataPaths(container.dataDir).blobs, 'pdfs', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** Keys of a job's outputs in the local blob store (`{position}-{name}`; its uploads are `input-{n}`). */
export function storedJobOutputs(container: Container, jobId: string): string[] {
  const dir = join(dataPaths(container.dataDir).blobs, 'jobs', jobId);
  return existsSync(dir) ? readdirSync(dir).filter((name) => /^\d+-/.test(name)) : [];
}

/** Files left in the upload temp dir: none once every upload has finished, however it ended. */
export function leftoverTempFiles(container: Container): string[] {
  const dir = dataPaths(container.dataDir).uploadSpool;
  return existsSync(dir) ? readdirSync(dir) : [];
}
