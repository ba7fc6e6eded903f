import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, pageTexts, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';
import { textPdf, withoutXref } from '../test/fixtures.ts';

let ws: Workspace;
let five: Buffer;
beforeAll(async () => {
  ws = await workspace();
  five = await textPdf(5);
});
afterAll(() => ws.dispose());

describe('page tools', () => {
  it('merges files in the order given', async () => {
    const [out] = await ws.run('merge', [file('b.pdf', await textPdf(2, { words: () => 'from b' })), file('a.pdf', await textPdf(3, { words: () => 'from a' }))]);
    expect(out).toMatchObject({ filename: 'b-merged.pdf', contentType: 'application/pdf', pages: 5 });
    expect(pageTexts(out!.path)).toEqual(['Page 1', 'Page 2', 'Page 1', 'Page 2', 'Page 3']);
  });

  it('turns each merged file by its own rotation, adding to the rotation its pages have', async () => {
    const b = await textPdf(2, { words: () => 'from b' });
    const a = await textPdf(1, { words: () => 'from a' });
    const [turned] = await ws.run('merge', [file('b.pdf', b), file('a.pdf', a)], { rotations: [90, 0] });
    expect((await pdfOf(turned!)).getPages().map((p) => p.getRotation().angle % 360)).toEqual([90, 90, 0]);
    const [again] = await ws.run('merge', [file('t.pdf', Buffer.from(await (await pdfOf(turned!)).save())), file('a.pdf', a)], { rotations: [270] });
    expect((await pdfOf(again!)).getPages().map((p) => p.getRotation().angle % 360)).toEqual([0, 0, 270, 0]);
    expect(await ws.fail('merge', [file('b.pdf', b), file('a.pdf', a)], { rotations: [0, 90, 180] })).toBe('VALIDATION_FAILED');
  });

  it('merges up to 200 files in one go, every page in its file and order', async () => {
    const files = await Promise.all(Array.from({ length: 120 }, async (_, i) => file(`f${i}.pdf`, await textPdf(1 + (i % 3), { words: () => `from file ${i}` }))));
    const [out] = await ws.run('merge', files);
    const expected = files.flatMap((_, i) => Array.from({ length: 1 + (i % 3) }, (_, p) => `Page ${p + 1} from file ${i}`));
    expect(out).toMatchObject({ filename: 'f0-merged.pdf', pages: expected.length });
    expect(pdfText(out!.path).split('\f').slice(0, -1).map((page) => page.trim().replace(/\s+/g, ' '))).toEqual(expected);
    expect(await ws.fail('merge', Array.from({ length: 201 }, () => files[0]!))).toBe('VALIDATION_FAILED');
  });

  it('merges a damaged file and an owner-locked one, refuses a file or a result over the page limit', async () => {
    const two = await textPdf(2);
    const locked = join(ws.root, 'owner-locked.pdf');
    await writeFile(join(ws.root, 'two.pdf'), two);
    execFileSync('qpdf', ['--encrypt', '', 'owner', '256', '--', join(ws.root, 'two.pdf'), locked]);
    const [out] = await ws.run('merge', [file('damaged.pdf', withoutXref(two)), file('locked.pdf', await readFile(locked)), file('two.pdf', two)]);
    expect(out!.pages).toBe(6);
    expect(spawnSync('qpdf', ['--is-encrypted', out!.path]).status).toBe(2);
    expect(spawnSync('qpdf', ['--check', out!.path]).status).toBe(0);
    expect(await ws.fail('merge', [file('a.pdf', two), file('b.pdf', five)], {}, { maxPages: 4 })).toBe('LIMIT_EXCEEDED');
    expect(await ws.fail('merge', [file('a.pdf', two), file('b.pdf', two), file('c.pdf', two)], {}, { maxPages: 5 })).toBe('LIMIT_EXCEEDED');
  });

  it("refuses a file its checks refuse with their code, stopping the qpdf that was merging meanwhile", async () => {
    const parts = Array.from({ length: 150 }, (_, i) => file(`f${i}.pdf`, five));
    // The workspace also finds no engine left running: qpdf was stopped, not left to finish.
    expect(await ws.fail('merge', [file('notes.pdf', Buffer.from('Not a PDF, whatever its name says.')), ...parts])).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await ws.fail('merge', [...parts, file('big.pdf', five)], {}, { maxPages: 150 * 5 })).toBe('LIMIT_EXCEEDED');
  });

  it('splits into single pages, each output one page of its own', async () => {
    const thirty = await textPdf(30);
    const outs = await ws.run('split', [file('long.pdf', thirty)], { mode: 'every', every: 1 });
    expect(outs.map((o) => [o.filename, o.pages])).toEqual(Array.from({ length: 30 }, (_, i) => [`long-pages-${i + 1}.pdf`, 1]));
    expect(pageTexts(outs[16]!.path)).toEqual(['Page 17']);
    // Shared resources (the font) are copied into each part, not the whole document.
    expect((await readFile(outs[0]!.path)).length).toBeLessThan(thirty.length / 5);
  });

  it('splits by ranges in the order given, overlaps allowed', async () => {
    const outs = await ws.run('split', [file('report.pdf', five)], { mode: 'ranges', ranges: '4-5,1-3,2' });
    expect(outs.map((o) => [o.filename, o.pages])).toEqual([
      ['report-pages-4-5.pdf', 2],
      ['report-pages-1-3.pdf', 3],
      ['report-pages-2.pdf', 1],
    ]);
    expect(pageTexts(outs[0]!.path)).toEqual(['Page 4', 'Page 5']);
    expect(pageTexts(outs[1]!.path)).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });

  it('splits by ranges, one PDF per range', async () => {
    const outs = await ws.run('split', [file('report.pdf', five)], { mode: 'ranges', ranges: '1-2,3,4-5' });
    expect(outs.map((o) => [o.filename, o.pages])).toEqual([
      ['report-pages-1-2.pdf', 2],
      ['report-pages-3.pdf', 1],
      ['report-pages-4-5.pdf', 2],
    ]);
    expect(pageTexts(outs[2]!.path)).toEqual(['Page 4', 'Page 5']);
  });

  it('splits every N pages', async () => {
    const outs = await ws.run('split', [file('report.pdf', five)], { mode: 'every', every: 2 });
    expect(outs.map((o) => o.pages)).toEqual([2, 2, 1]);
  });

  it('organises: new order, left-out pages removed, repeats duplicated', async () => {
    const [out] = await ws.run('organize', [file('r.pdf', five)], { order: '3,1,4,1' });
    expect(pageTexts(out!.path)).toEqual(['Page 3', 'Page 1', 'Page 4', 'Page 1']);
    const [reversed] = await ws.run('organize', [file('r.pdf', five)], { order: '5-1' });
    expect(pageTexts(reversed!.path)).toEqual(['Page 5', 'Page 4', 'Page 3', 'Page 2', 'Page 1']);
  });

  it('extracts and removes pages', async () => {
    const [extracted] = await ws.run('extract-pages', [file('r.pdf', five)], { pages: '2,4-5' });
    expect(pageTexts(extracted!.path)).toEqual(['Page 2', 'Page 4', 'Page 5']);
    const [removed] = await ws.run('remove-pages', [file('r.pdf', five)], { pages: '2,4-5' });
    expect(removed).toMatchObject({ filename: 'r-pages-removed.pdf', pages: 2 });
    expect(pageTexts(removed!.path)).toEqual(['Page 1', 'Page 3']);
  });

  it('extracts pages in the order asked, each once, from a long document', async () => {
    const [out] = await ws.run('extract-pages', [file('r.pdf', await textPdf(40))], { pages: '30-33,5,1-2,31' });
    expect(out).toMatchObject({ filename: 'r-extracted.pdf', pages: 7 });
    expect(pageTexts(out!.path)).toEqual(['Page 30', 'Page 31', 'Page 32', 'Page 33', 'Page 5', 'Page 1', 'Page 2']);
  });

  it('rotates the chosen pages by the angle, adding to their rotation', async () => {
    const [out] = await ws.run('rotate', [file('r.pdf', five)], { angle: 90, pages: '2-3' });
    expect((await pdfOf(out!)).getPages().map((p) => p.getRotation().angle)).toEqual([0, 90, 90, 0, 0]);
    const [again] = await ws.run('rotate', [file('r.pdf', await import('node:fs/promises').then((fs) => fs.readFile(out!.path)))], { angle: 270 });
    expect((await pdfOf(again!)).getPages().map((p) => p.getRotation().angle % 360)).toEqual([270, 0, 0, 270, 270]);
  });

  it('answers page ranges beyond the document with a field error', async () => {
    expect(await ws.fail('extract-pages', [file('r.pdf', five)], { pages: '4-9' })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('remove-pages', [file('r.pdf', five)], { pages: '1-5' })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('organize', [file('r.pdf', five)], { order: '1-5,'.repeat(90) + '1' }, { maxPages: 100 })).toBe('LIMIT_EXCEEDED');
  });

  it('refuses bad options and file counts before any work', async () => {
    expect(await ws.fail('split', [file('r.pdf', five)], { mode: 'every', every: 0 })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('merge', [file('r.pdf', five)])).toBe('VALIDATION_FAILED');
  });

  it('names outputs uniquely when inputs share a name', async () => {
    const outs = await ws.run('split', [file('../../etc/x.pdf', five)], { mode: 'every', every: 5 });
    expect(outs[0]!.filename).toBe('x-pages-1-5.pdf');
  });
});
