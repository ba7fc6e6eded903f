import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { activePdf } from '@wattle/pdf-engine/test/fixtures';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../test/jobs.ts';
import { signedInUser } from '../test/users.ts';
import { startWorker, type Worker } from './worker.ts';

/**
 * Tools passed the input's scripts and automatic actions on to their outputs. "Remove active
 * content" is on for visitors, and an account setting (on unless turned off).
 */
describe('remove active content', () => {
  let ctx: TestContext;
  let worker: Worker;
  let active: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext();
    worker = await startWorker(ctx.container, { periodic: false });
    active = await activePdf('https://example.com.au/canary');
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  const output = async (client: TestClient, tool: string, files: number): Promise<PDFDocument> => {
    const res = await postJob(client, jobForm(tool, Array.from({ length: files }, (_, i) => ({ name: `active-${i}.pdf`, bytes: active })), tool === 'rotate' ? { options: { angle: 90 } } : {}));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status).toBe('succeeded');
    const download = await client.request(job.outputs[0]!.downloadUrl);
    return PDFDocument.load(Buffer.from(await download.arrayBuffer()));
  };
  /** The fixture's second link launches a program. */
  const launchAction = (doc: PDFDocument) => doc.context.lookup(doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).get(1), PDFDict).get(PDFName.of('A'));

  it("a visitor's merge and rotate come back without /OpenAction JavaScript, page actions or launches", async () => {
    const visitor = ctx.client();
    for (const [tool, files] of [['merge', 2], ['rotate', 1]] as const) {
      const doc = await output(visitor, tool, files);
      expect(doc.catalog.has(PDFName.of('OpenAction'))).toBe(false);
      expect(doc.getPage(0).node.has(PDFName.of('AA'))).toBe(false);
      expect(launchAction(doc)).toBeUndefined();
    }
  });

  it('an account keeps them only when it turns the setting off', async () => {
    const { client } = await signedInUser(ctx);
    const profile = await (await client.request('/api/profile')).json();
    expect(profile.remove_active_content).toBe(true);
    expect((await output(client, 'rotate', 1)).catalog.has(PDFName.of('OpenAction'))).toBe(false);

    expect((await client.request('/api/profile', { method: 'PATCH', json: { remove_active_content: false } })).status).toBe(200);
    const kept = await output(client, 'rotate', 1);
    expect(kept.catalog.has(PDFName.of('OpenAction'))).toBe(true);
    expect(kept.getPage(0).node.has(PDFName.of('AA'))).toBe(true);
  });
});
