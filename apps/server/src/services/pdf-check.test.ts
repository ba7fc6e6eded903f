import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { handWrittenPdf, textPdf } from '@wattle/pdf-engine/test/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { checkJobPdfs } from './pdf-check.ts';

let ctx: TestContext;
let damaged: string;
beforeAll(async () => {
  ctx = await createTestContext();
  damaged = join(ctx.dataDir, 'damaged.pdf');
  await writeFile(damaged, handWrittenPdf('(not a dictionary)'));
});
afterAll(() => ctx.close());

describe("a job's PDF check", () => {
  it('reads stored files from the store and refuses a damaged one by its name', async () => {
    await ctx.container.blobStore.put('pdfs/someone/good', await textPdf(1));
    await ctx.container.blobStore.put('pdfs/someone/damaged', handWrittenPdf('(not a dictionary)'));
    await expect(checkJobPdfs(ctx.container, [{ filename: 'good.pdf', blobKey: 'pdfs/someone/good' }])).resolves.toBeUndefined();
    await expect(checkJobPdfs(ctx.container, [{ filename: 'good.pdf', blobKey: 'pdfs/someone/good' }, { filename: 'Kept.pdf', blobKey: 'pdfs/someone/damaged' }])).rejects.toMatchObject({
      code: 'PDF_CORRUPT',
      details: { filename: 'Kept.pdf', part: 'page tree' },
    });
  });

  it('leaves to the job a file it cannot judge within its budget, and a stored file that is gone', async () => {
    // The same damaged file, refused with the budget and left to its job without: qpdf cannot answer in a millisecond.
    await expect(checkJobPdfs(ctx.container, [{ filename: 'scan.pdf', path: damaged }])).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
    await expect(checkJobPdfs(ctx.container, [{ filename: 'scan.pdf', path: damaged }], 1)).resolves.toBeUndefined();
    await expect(checkJobPdfs(ctx.container, [{ filename: 'gone.pdf', blobKey: 'pdfs/someone/gone' }])).resolves.toBeUndefined();
  });
});
