import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { startWorker } from '../../jobs/worker.ts';

const PREVIEW = '/api/v1/tools/redact/preview';

describe('redact preview and the redact and compare jobs over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('lists every match with its page and boxes before anything is removed', async () => {
    const pdf = await makePdf({ pages: 3 });
    const res = await postJob(ctx.client(), jobForm('redact', [{ name: 'a.pdf', bytes: pdf }], { options: { text: ['page 2'], patterns: ['Page [13]'] } }), PREVIEW);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ pages: 3, truncated: false });
    expect(body.matches.map((m: { page: number; text: string; source: string }) => [m.page, m.text, m.source])).toEqual([
      [1, 'Page 1', 'pattern'],
      [2, 'Page 2', 'text'],
      [3, 'Page 3', 'pattern'],
    ]);
    const [box] = body.matches[1].boxes;
    expect(box.x).toBeGreaterThan(40);
    expect(box.y).toBeGreaterThan(770); // from the bottom of the page: the text is drawn at y 780
  });

  it('lists a word hyphenated across a line end as one match, boxed on both lines, as the redaction will remove it', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText('Unsere Firma zeigt die Abbil-', { x: 72, y: 780, size: 12, font });
    page.drawText('dung im Überblick.', { x: 72, y: 764, size: 12, font });
    const pdf = Buffer.from(await doc.save());
    const res = await postJob(ctx.client(), jobForm('redact', [{ name: 'a.pdf', bytes: pdf }], { options: { text: ['abbildung'] } }), PREVIEW);
    const [match, ...others] = (await res.json()).matches;
    expect(others).toEqual([]);
    expect(match).toMatchObject({ page: 1, text: 'Abbil-\ndung', source: 'text' });
    const [first, second] = match.boxes;
    expect(match.boxes).toHaveLength(2);
    expect(first.y - second.y).toBeCloseTo(16, 0); // one box on each line, the lines 16 pt apart
    expect(first.x).toBeGreaterThan(second.x); // "Abbil-" ends the first line, "dung" starts the second
  });

  it('refuses bad options and files as a job would', async () => {
    const pdf = await makePdf();
    const bad = await postJob(ctx.client(), jobForm('redact', [{ name: 'a.pdf', bytes: pdf }], { options: { patterns: ['(a+)+'] } }), PREVIEW);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fieldErrors: { 'options.patterns.0': [expect.stringMatching(/run for ever/)] } } });
    const notJson = await postJob(ctx.client(), jobForm('redact', [{ name: 'a.pdf', bytes: pdf }], { rawOptions: '{' }), PREVIEW);
    expect(notJson.status).toBe(400);
    const locked = await postJob(ctx.client(), jobForm('redact', [{ name: 'a.pdf', bytes: await makePdf({ encrypted: true }) }], { options: { text: ['x'] } }), PREVIEW);
    expect(locked.status).toBe(422);
    expect((await locked.json()).error.code).toBe('PDF_ENCRYPTED');
    const none = await postJob(ctx.client(), jobForm('redact', [], { options: { text: ['x'] } }), PREVIEW);
    expect(none.status).toBe(400);
  });

  it('runs redact and compare as jobs: a redacted PDF with its note, a report PDF and its JSON', async () => {
    const worker = await startWorker(ctx.container, { periodic: false });
    try {
      const client = ctx.client();
      const redacted = await postJob(client, jobForm('redact', [{ name: 'a.pdf', bytes: await makePdf({ pages: 2 }) }], { options: { text: ['Page 2'] } }));
      expect(redacted.status).toBe(202);
      const job = await waitForJob(client, (await redacted.json()).id);
      expect(job.status).toBe('succeeded');
      expect(job.outputs[0]).toMatchObject({ filename: 'a-redacted.pdf', pages: 2, notes: [{ code: 'REDACTED' }] });

      const nothing = await postJob(client, jobForm('redact', [{ name: 'a.pdf', bytes: await makePdf() }], { options: { text: ['wombat'] } }));
      expect(await waitForJob(client, (await nothing.json()).id)).toMatchObject({ status: 'failed', error: { code: 'NOTHING_TO_REDACT' } });

      const compared = await postJob(client, jobForm('compare', [{ name: 'a.pdf', bytes: await makePdf({ pages: 2 }) }, { name: 'b.pdf', bytes: await makePdf({ pages: 3 }) }]));
      const report = await waitForJob(client, (await compared.json()).id);
      expect(report.outputs.map((o) => o.contentType)).toEqual(['application/pdf', 'application/json']);
      const json = await (await client.request(report.outputs[1]!.downloadUrl)).json();
      expect(json.pages).toMatchObject([{ page: 3, status: 'added' }]);
    } finally {
      await worker.stop();
    }
  });
});
