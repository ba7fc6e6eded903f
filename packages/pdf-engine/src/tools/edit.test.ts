import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPdf, textPdf } from '../test/fixtures.ts';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let three: Buffer;
beforeAll(async () => {
  ws = await workspace();
  three = await textPdf(3);
});
afterAll(() => ws.dispose());

describe('edit tools', () => {
  it('watermarks every page with the text', async () => {
    const [out] = await ws.run('watermark', [file('r.pdf', three)], { text: 'CONFIDENTIAL', opacity: 0.4, angle: 0 });
    expect(out).toMatchObject({ filename: 'r-watermarked.pdf', pages: 3 });
    expect(pdfText(out!.path).match(/CONFIDENTIAL/g)).toHaveLength(3);
    // Turned text is there too (pdftotext reads turned text letter by letter, so look at the content).
    const [turned] = await ws.run('watermark', [file('r.pdf', three)], { text: 'DRAFT', angle: 30 });
    const content = execFileSync('qpdf', ['--qdf', '--object-streams=disable', turned!.path, '-']).toString('latin1');
    expect(content.match(/\[ (<[0-9A-F]+> (-?[\d.]+ )?){5}\] TJ/g)).toHaveLength(3);
    expect(content).toMatch(/0\.866\d* 0\.[45]\d* -0\.[45]\d* 0\.866\d* [\d.]+ [\d.]+ Tm/);
  });

  it('tiles a tiny watermark a bounded number of times', async () => {
    const [out] = await ws.run('watermark', [file('r.pdf', await textPdf(1, { size: [14400, 14400] }))], { text: 'x', fontSize: 6, position: 'tiled' });
    const copies = pdfText(out!.path).match(/x/g)?.length ?? 0;
    expect(copies).toBeGreaterThan(10);
    expect(copies).toBeLessThanOrEqual(120);
  });

  it('numbers pages in the format asked, upright on rotated pages', async () => {
    const doc = await PDFDocument.load(three);
    doc.getPage(1).setRotation(degrees(90));
    const [out] = await ws.run('page-numbers', [file('r.pdf', Buffer.from(await doc.save()))], { format: 'Page {n} of {total}', startAt: 1 });
    const text = pdfText(out!.path);
    for (const n of [1, 2, 3]) expect(text).toContain(`Page ${n} of 3`);
  });

  it('sets, keeps and clears metadata fields', async () => {
    const source = await PDFDocument.load(three);
    source.setAuthor('Old Author');
    source.setSubject('Old subject');
    const [out] = await ws.run('edit-metadata', [file('r.pdf', Buffer.from(await source.save()))], { title: 'Quarterly report', subject: '', keywords: 'tax, 2026' });
    const doc = await pdfOf(out!);
    expect(doc.getTitle()).toBe('Quarterly report');
    expect(doc.getAuthor()).toBe('Old Author');
    expect(doc.getSubject()).toBeUndefined();
    expect(doc.getKeywords()).toBe('tax 2026');
  });

  it('flattens form fields into the page', async () => {
    const [out] = await ws.run('flatten', [file('form.pdf', await formPdf())]);
    const doc = await pdfOf(out!);
    expect(doc.getForm().getFields()).toHaveLength(0);
    expect(doc.getPage(0).node.Annots()?.size() ?? 0).toBe(0);
    expect(pdfText(out!.path)).toContain('Jane Citizen');
  });

  it('keeps input bytes untouched', async () => {
    const copy = Buffer.from(three);
    await ws.run('watermark', [file('r.pdf', copy)], { text: 'X' });
    expect(copy.equals(three)).toBe(true);
    expect((await readFile(ws.root + '/in-1/upload-0')).length).toBeGreaterThan(0);
  });
});
