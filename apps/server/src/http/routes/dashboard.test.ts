import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { jobs, pdfFiles, usageStatistics } from '@wattle/db';
import { eq } from 'drizzle-orm';
import { signedInForFile } from '../../test/signed-in-for-file.ts';
import { signedInUser } from '../../test/users.ts';

const setup = signedInForFile();

describe('GET /api/dashboard/summary', () => {
  it('answers usage and the activity of the last 24 hours', async () => {
    const now = Date.now();
    const file = (hoursAgo: number, deleted = false) => ({
      userId: setup.user.id,
      filename: `f${hoursAgo}.pdf`,
      filePath: `pdfs/${setup.user.id}/${hoursAgo}`,
      fileSize: 1000,
      uploadedAt: new Date(now - hoursAgo * 3_600_000),
      deleted,
    });
    await setup.ctx.container.db.insert(pdfFiles).values([file(1), file(23, true), file(25), file(48)]);
    await setup.ctx.container.db.update(usageStatistics).set({ pdfsProcessed: 7, storageUsed: 1_572_864 }).where(eq(usageStatistics.userId, setup.user.id));

    const job = (hoursAgo: number) => ({
      id: randomUUID(),
      userId: setup.user.id,
      tool: 'compress',
      options: {},
      pool: 'light',
      createdAt: new Date(now - hoursAgo * 3_600_000),
      expiresAt: new Date(now + 3_600_000),
    });
    await setup.ctx.container.db.insert(jobs).values([job(2), job(30)]);

    const other = await signedInUser(setup.ctx);
    await setup.ctx.container.db.insert(pdfFiles).values({ ...file(1), userId: other.user.id });

    const res = await setup.client.request('/api/dashboard/summary');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      pdfs_processed: 7,
      storage_used: 1_572_864,
      storage_limit: 52428800,
      recent_activity: { uploads: 2, jobs: 1, total: 3 },
    });
  });

  it('refuses a visitor', async () => {
    expect((await setup.ctx.client().request('/api/dashboard/summary')).status).toBe(401);
  });
});
