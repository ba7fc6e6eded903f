import { execFileSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { degrees, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFStream, PDFString, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EDIT_IMAGE_BYTES, MAX_EDIT_IMAGE_PIXELS, MAX_EDIT_TOTAL_IMAGE_BYTES } from '@wattle/shared';
import { EngineError } from '../../errors.ts';
import { runTool } from '../../run-tool.ts';
import { A4, formPdf, textPdf, whitePng } from '../../test/fixtures.ts';
import { file, pageTexts, pdfOf, pdfText, workspace, type Workspace } from '../../test/harness.ts';
import { parsePnm } from '../../util/ppm.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

async function blankPdf(pages = 1, rotate = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(A4).setRotation(degrees(rotate));
  return Buffer.from(await doc.save());
}

const edit = (pdf: Buffer, operations: unknown[]) => ws.run('edit', [file('form.pdf', pdf)], { version: 1, operations });

/** Words with their boxes, measured from the visible page's top-left as pdftotext reads them. */
function wordBoxes(path: string): { word: string; x: number; y: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ word: m[3]!, x: Number(m[1]), y: Number(m[2]) }));
}

/** Page 1 rendered grey at 72 dpi: one pixel per point of the visible page. */
function render(path: string) {
  return parsePnm(execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '1', '-l', '1', path]));
}
const pixel = (image: ReturnType<typeof render>, x: number, y: number) => image.data[Math.round(y) * image.width + Math.round(x)]!;

function annotations(doc: PDFDocument, pageIndex: number): PDFDict[] {
  const annots = doc.getPage(pageIndex).node.Annots();
  return annots ? annots.asArray().map((ref) => doc.context.lookup(ref) as PDFDict) : [];
}
function imageCount(doc: PDFDocument, pageIndex: number): number {
  const xobjects = doc.getPage(pageIndex).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xobjects?.values() ?? []).filter((ref) => nameOf((doc.context.lookup(ref) as PDFStream).dict, 'Subtype') === 'Image').length;
}
const nameOf = (dict: PDFDict, key: string) => (dict.get(PDFName.of(key)) as PDFName | undefined)?.decodeText();
const textOf = (dict: PDFDict, key: string) => (dict.lookup(PDFName.of(key)) as PDFString | PDFHexString | undefined)?.decodeText();

describe('edit: content', () => {
  it('writes text boxes as extractable text where they were placed, aligned and on several lines', async () => {
    const [out] = await edit(await blankPdf(), [
      { type: 'text', page: 1, x: 100, y: 120, text: 'Approved\nInvoice 1042', size: 14 },
      { type: 'text', page: 1, x: 100, y: 300, width: 300, text: 'Right', align: 'right', size: 20, bold: true, color: '#C62828' },
    ]);
    expect(out).toMatchObject({ filename: 'form-edited.pdf', pages: 1 });
    const words = wordBoxes(out!.path);
    const approved = words.find((w) => w.word === 'Approved')!;
    expect(approved.x).toBeCloseTo(100, -1);
    expect(approved.y).toBeGreaterThanOrEqual(118);
    expect(approved.y).toBeLessThan(126);
    const invoice = words.find((w) => w.word === 'Invoice')!;
    expect(invoice.y - approved.y).toBeCloseTo(14 * 1.2, 0);
    const right = words.find((w) => w.word === 'Right')!;
    expect(right.x).toBeGreaterThan(330);
    expect(right.x).toBeLessThan(400);
  });

  it('writes text in other scripts that pdftotext reads back', async () => {
    const [out] = await edit(await blankPdf(), [{ type: 'text', page: 1, x: 72, y: 72, text: 'Xin chào 你好 ਸਤਿ ਸ੍ਰੀ' }]);
    const text = pdfText(out!.path);
    for (const word of ['Xin', 'chào', '你好']) expect(text).toContain(word);
  });

  it('keeps placed content upright where asked on a rotated page', async () => {
    const [out] = await edit(await blankPdf(1, 90), [
      { type: 'rectangle', page: 1, x: 50, y: 60, width: 100, height: 40, fill: '#000000' },
      { type: 'text', page: 1, x: 300, y: 100, text: 'Turned', size: 18 },
    ]);
    const image = render(out!.path);
    expect(image.width).toBeGreaterThan(image.height); // landscape as seen
    expect(pixel(image, 100, 80)).toBeLessThan(40);
    expect(pixel(image, 100, 120)).toBeGreaterThan(200);
    const turned = wordBoxes(out!.path).find((w) => w.word === 'Turned')!;
    expect(turned.x).toBeCloseTo(300, -1);
    expect(turned.y).toBeGreaterThan(95);
    expect(turned.y).toBeLessThan(110);
  });

  it('draws shapes as vector content: rectangle, ellipse, line and arrow', async () => {
    const [out] = await edit(await blankPdf(), [
      { type: 'rectangle', page: 1, x: 50, y: 50, width: 100, height: 60, stroke: '#000000', strokeWidth: 4 },
      { type: 'ellipse', page: 1, x: 200, y: 50, width: 100, height: 60, fill: '#000000' },
      { type: 'line', page: 1, from: { x: 50, y: 200 }, to: { x: 300, y: 200 }, strokeWidth: 6 },
      { type: 'arrow', page: 1, from: { x: 50, y: 300 }, to: { x: 300, y: 300 }, strokeWidth: 6 },
    ]);
    const image = render(out!.path);
    expect(pixel(image, 50, 80)).toBeLessThan(60); // the rectangle's left side
    expect(pixel(image, 100, 80)).toBeGreaterThan(200); // its unfilled inside
    expect(pixel(image, 250, 80)).toBeLessThan(40); // the ellipse's filled centre
    expect(pixel(image, 202, 52)).toBeGreaterThan(200); // outside the ellipse, inside its box
    expect(pixel(image, 175, 200)).toBeLessThan(60);
    expect(pixel(image, 175, 300)).toBeLessThan(60);
    expect(pixel(image, 294, 294)).toBeLessThan(120); // a barb of the arrow head
    expect(imageCount(await pdfOf(out!), 0)).toBe(0); // vector paths, not pictures
  });

  it('turns boxes clockwise about their centre, as the editor shows them', async () => {
    const [out] = await edit(await blankPdf(), [
      { type: 'rectangle', page: 1, x: 100, y: 100, width: 100, height: 20, fill: '#000000', rotation: 90 },
      { type: 'text', page: 1, x: 300, y: 300, width: 200, text: 'Sideways', size: 20, rotation: 90 },
    ]);
    const image = render(out!.path);
    expect(pixel(image, 150, 70)).toBeLessThan(40); // the turned box stands upright on the same centre
    expect(pixel(image, 110, 110)).toBeGreaterThan(200);
    // Turned text is still text (pdftotext reads turned text letter by letter).
    expect(pdfText(out!.path).replace(/\s/g, '')).toContain('Sideways');
  });

  it('covers what was there with an opaque white box', async () => {
    const source = await PDFDocument.create();
    const page = source.addPage(A4);
    page.drawRectangle({ x: 0, y: 0, width: A4[0], height: A4[1], color: rgb(0, 0, 0) });
    const [out] = await edit(Buffer.from(await source.save()), [{ type: 'whiteout', page: 1, x: 100, y: 100, width: 200, height: 50 }]);
    const image = render(out!.path);
    for (const [x, y] of [
      [101, 101],
      [200, 125],
      [299, 149],
    ]) {
      expect(pixel(image, x!, y!)).toBe(255);
    }
    expect(pixel(image, 95, 125)).toBe(0);
    expect(pixel(image, 200, 155)).toBe(0);
  });

  it('places images on the page asked: JPEG, PNG and WebP', async () => {
    const red = sharp({ create: { width: 40, height: 20, channels: 3, background: '#000000' } });
    const [jpeg, png, webp] = await Promise.all([red.clone().jpeg().toBuffer(), red.clone().png().toBuffer(), red.clone().webp().toBuffer()]);
    const [out] = await edit(await blankPdf(2), [
      { type: 'image', page: 2, x: 50, y: 50, width: 80, height: 40, data: jpeg.toString('base64') },
      { type: 'image', page: 2, x: 150, y: 50, width: 80, height: 40, data: png.toString('base64') },
      { type: 'image', page: 2, x: 250, y: 50, width: 80, height: 40, data: webp.toString('base64') },
    ]);
    const doc = await pdfOf(out!);
    expect(imageCount(doc, 0)).toBe(0);
    expect(imageCount(doc, 1)).toBe(3);
    const second = parsePnm(execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '2', '-l', '2', out!.path]));
    for (const x of [90, 190, 290]) expect(second.data[70 * second.width + x]).toBeLessThan(40);
    expect(second.data[70 * second.width + 140]).toBe(255);
  });

  it('places images sent as files, numbered among the images only, wherever the PDF comes in the order', async () => {
    const black = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#000000' } }).png().toBuffer();
    const grey = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    // A stored document comes after the uploads in a job's inputs: here the PDF is last.
    const [out] = await ws.run('edit', [file('grey.jpg', grey), file('black.png', black), file('form.pdf', await blankPdf(2))], {
      operations: [
        { type: 'image', page: 2, x: 50, y: 50, width: 80, height: 40, file: 2 },
        { type: 'image', page: 1, x: 150, y: 50, width: 80, height: 40, file: 1 },
        { type: 'image', page: 2, x: 250, y: 50, width: 80, height: 40, file: 1 },
      ],
    });
    expect(out).toMatchObject({ filename: 'form-edited.pdf', pages: 2 });
    const second = parsePnm(execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '2', '-l', '2', out!.path]));
    const at = (x: number, y: number) => second.data[y * second.width + x]!;
    expect(at(90, 70)).toBeLessThan(40); // black, from file 2
    expect(at(290, 70)).toBeGreaterThan(100); // grey, from file 1
    expect(at(290, 70)).toBeLessThan(160);
    expect(at(190, 70)).toBe(255);
    expect(pixel(render(out!.path), 190, 70)).toBeLessThan(160);
    // The image placed on two pages is stored once.
    const doc = await pdfOf(out!);
    const refs = [0, 1].flatMap((i) => doc.getPage(i).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict).values().map(String));
    expect(refs).toHaveLength(3);
    expect(new Set(refs).size).toBe(2);
  });

  it('draws tick, cross and date stamps', async () => {
    const [out] = await edit(await blankPdf(), [
      { type: 'stamp', page: 1, mark: 'tick', x: 50, y: 50, size: 40 },
      { type: 'stamp', page: 1, mark: 'cross', x: 150, y: 50, size: 40 },
      { type: 'stamp', page: 1, mark: 'date', x: 250, y: 50, size: 20, date: '24/11/2026' },
    ]);
    const image = render(out!.path);
    expect(pixel(image, 150 + 20, 50 + 20)).toBeLessThan(80); // the cross's centre
    expect(pixel(image, 50 + 0.4 * 40, 50 + 0.85 * 40)).toBeLessThan(80); // the tick's corner
    const date = wordBoxes(out!.path).find((w) => w.word === '24/11/2026')!;
    expect(date.x).toBeCloseTo(250, -1);
  });
});

describe('edit: annotations and forms', () => {
  it('adds markup, ink and sticky notes as real annotations', async () => {
    const [out] = await edit(await textPdf(1), [
      { type: 'highlight', page: 1, rects: [{ x: 72, y: 60, width: 120, height: 14 }], comment: 'Check this' },
      { type: 'underline', page: 1, rects: [{ x: 72, y: 100, width: 120, height: 14 }] },
      { type: 'strikeout', page: 1, rects: [{ x: 72, y: 140, width: 120, height: 14 }] },
      { type: 'ink', page: 1, strokes: [[{ x: 300, y: 300 }, { x: 320, y: 310 }, { x: 340, y: 300 }]], strokeWidth: 2 },
      { type: 'note', page: 1, x: 400, y: 72, text: 'Checked against the purchase order.', author: 'Alex Citizen' },
    ]);
    const doc = await pdfOf(out!);
    const annots = annotations(doc, 0);
    expect(annots.map((a) => nameOf(a, 'Subtype'))).toEqual(['Highlight', 'Underline', 'StrikeOut', 'Ink', 'Text']);
    const [highlight, , , ink, note] = annots;
    expect(textOf(highlight!, 'Contents')).toBe('Check this');
    // Measured from the top-left: the highlight's top edge is 60 pt below the top of the page.
    const quads = highlight!.lookup(PDFName.of('QuadPoints'), PDFArray).asArray().map((n) => Number(n.toString()));
    expect(quads).toEqual([72, A4[1] - 60, 192, A4[1] - 60, 72, A4[1] - 74, 192, A4[1] - 74].map((n) => expect.closeTo(n, 2)));
    expect(ink!.lookup(PDFName.of('InkList'), PDFArray).size()).toBe(1);
    expect(textOf(note!, 'Contents')).toBe('Checked against the purchase order.');
    expect(textOf(note!, 'T')).toBe('Alex Citizen');
  });

  it('sets form values that pdf-lib reads back, and flattens when asked', async () => {
    const doc = await PDFDocument.load(await formPdf());
    const form = doc.getForm();
    const choice = form.createDropdown('state');
    choice.addOptions(['NSW', 'VIC', 'QLD']);
    choice.addToPage(doc.getPage(0), { x: 72, y: 600, width: 100, height: 20 });
    const radio = form.createRadioGroup('plan');
    radio.addOptionToPage('basic', doc.getPage(0), { x: 72, y: 560, width: 12, height: 12 });
    radio.addOptionToPage('pro', doc.getPage(0), { x: 100, y: 560, width: 12, height: 12 });
    const pdf = Buffer.from(await doc.save());

    const [out] = await edit(pdf, [{ type: 'form', values: { name: 'Kim Nguyen', agree: false, state: 'VIC', plan: 'pro' } }]);
    const filled = (await pdfOf(out!)).getForm();
    expect(filled.getTextField('name').getText()).toBe('Kim Nguyen');
    expect(filled.getCheckBox('agree').isChecked()).toBe(false);
    expect(filled.getDropdown('state').getSelected()).toEqual(['VIC']);
    expect(filled.getRadioGroup('plan').getSelected()).toBe('pro');

    const [other] = await edit(pdf, [{ type: 'form', values: { name: '阮氏金 Nguyễn' } }]);
    expect((await pdfOf(other!)).getForm().getTextField('name').getText()).toBe('阮氏金 Nguyễn');

    const [flat] = await edit(pdf, [{ type: 'form', values: { name: 'Kim Nguyen' }, flatten: true }]);
    expect((await pdfOf(flat!)).getForm().getFields()).toHaveLength(0);
    expect(pdfText(flat!.path)).toContain('Kim Nguyen');
  });
});

describe('edit: pages', () => {
  it('rotates, deletes, inserts and reorders pages after the content, in order', async () => {
    const [out] = await edit(await textPdf(3), [
      { type: 'text', page: 3, x: 72, y: 400, text: 'Added to three' },
      { type: 'rotate-page', page: 1, angle: 90 },
      { type: 'delete-page', page: 2 },
      { type: 'insert-page', after: 2, width: 300, height: 400 },
      { type: 'reorder-pages', order: [2, 3, 1] },
    ]);
    expect(out!.pages).toBe(3);
    const doc = await pdfOf(out!);
    // Pages now: original 3, the blank one, original 1 (turned).
    expect(pageTexts(out!.path).map((t) => t.slice(0, 40))).toEqual([expect.stringContaining('3'), '', expect.stringContaining('1')]);
    expect(pdfText(out!.path)).toContain('Added to three');
    expect(doc.getPage(1).getSize()).toEqual({ width: 300, height: 400 });
    expect(doc.getPage(2).getRotation().angle).toBe(90);
  });
});

describe('edit: refusals', () => {
  /** Runs in its own dirs so the test can see that nothing was written. */
  async function refusal(files: Buffer | Buffer[], options: unknown, limits?: { maxPages: number }): Promise<{ code: string; paths: string[]; written: string[] }> {
    const dir = join(ws.root, `refusal-${Math.random().toString(36).slice(2)}`);
    await mkdir(join(dir, 'work'), { recursive: true });
    await mkdir(join(dir, 'out'));
    const inputs = await Promise.all(
      [files].flat().map(async (bytes, i) => {
        await writeFile(join(dir, `in-${i}`), bytes);
        return { path: join(dir, `in-${i}`), filename: `in-${i}` };
      }),
    );
    const error = await runTool('edit', { inputs, options, workDir: join(dir, 'work'), outputDir: join(dir, 'out'), limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    const { code, details } = error as EngineError;
    const fields = (details?.fields as { path: string }[] | undefined) ?? [];
    return { code, paths: fields.map((f) => f.path), written: await readdir(join(dir, 'out')) };
  }

  it('refuses a malformed or absurd document before opening the PDF', async () => {
    const pdf = await blankPdf();
    expect(await refusal(pdf, { version: 1, operations: [{ type: 'sparkles', page: 1 }] })).toMatchObject({ code: 'VALIDATION_FAILED', paths: ['operations.0.type'] });
    expect(await refusal(pdf, { version: 2, operations: [{ type: 'whiteout', page: 1, x: 0, y: 0, width: 1, height: 1 }] })).toMatchObject({ paths: ['version'] });
    expect((await refusal(pdf, { operations: [{ type: 'text', page: 1, x: 1e9, y: 0, text: 'x', size: 1e6 }] })).paths).toEqual(['operations.0.x', 'operations.0.size']);
    const many = Array.from({ length: 1001 }, () => ({ type: 'whiteout', page: 1, x: 0, y: 0, width: 1, height: 1 }));
    expect(await refusal(pdf, { operations: many })).toMatchObject({ code: 'VALIDATION_FAILED', paths: ['operations'] });
    expect(await refusal(pdf, { operations: [{ type: 'image', page: 1, x: 0, y: 0, width: 10, height: 10, data: Buffer.from('GIF89a not ours').toString('base64') }] })).toMatchObject({
      paths: ['operations.0.data'],
    });
  });

  it('refuses what does not fit the document, with field paths, and writes nothing', async () => {
    const pdf = await blankPdf(2);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]).toString('base64');
    const result = await refusal(pdf, {
      version: 1,
      operations: [
        { type: 'text', page: 1, x: 72, y: 72, text: 'fine' },
        { type: 'note', page: 3, x: 10, y: 10, text: 'no such page' },
        { type: 'rectangle', page: 1, x: 2000, y: 2000, width: 10, height: 10, fill: '#000000' },
        { type: 'image', page: 2, x: 0, y: 0, width: 10, height: 10, data: fake },
        { type: 'form', values: { nobody: 'x' } },
        { type: 'delete-page', page: 1 },
        { type: 'delete-page', page: 1 },
      ],
    });
    expect(result).toEqual({
      code: 'VALIDATION_FAILED',
      paths: ['operations.1.page', 'operations.2', 'operations.3.data', 'operations.4.values.nobody', 'operations'],
      written: [],
    });
  });

  it('refuses a 10000 x 10000 PNG of a few KB by its header, LIMIT_EXCEEDED, as a file and as data', async () => {
    const flood = whitePng(10_000, 10_000);
    expect(flood.length).toBeLessThan(MAX_EDIT_IMAGE_BYTES);
    const place = { type: 'image', page: 1, x: 0, y: 0, width: 100, height: 100 };
    const failed = await ws.run('edit', [file('a.pdf', await blankPdf()), file('flood.png', flood)], { operations: [{ ...place, file: 1 }] }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(EngineError);
    expect(failed).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { filename: 'flood.png', limit: 'maxPixels', width: 10_000, height: 10_000 } });
    // Just inside the budget is placed, and its transparency kept as a soft mask.
    const side = Math.floor(Math.sqrt(MAX_EDIT_IMAGE_PIXELS / 100));
    const clear = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const [output] = await ws.run('edit', [file('a.pdf', await blankPdf()), file('clear.png', clear), file('wide.png', whitePng(side * 10, side * 10))], { operations: [{ ...place, file: 1 }, { ...place, x: 200, file: 2 }] });
    const doc = await pdfOf(output!);
    const images = doc.context.enumerateIndirectObjects().map(([, o]) => o).filter((o): o is PDFStream => o instanceof PDFStream && nameOf(o.dict, 'Subtype') === 'Image');
    expect(images.map((i) => [i.dict.get(PDFName.of('Width'))?.toString(), i.dict.has(PDFName.of('SMask'))]).sort()).toEqual([['40', true], ['40', false], [String(side * 10), false]].sort());
  });

  it('refuses image files that are missing, unreadable or too large, and inputs without exactly one PDF', async () => {
    const pdf = await blankPdf();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000000' } }).png().toBuffer();
    const place = (n: number) => ({ type: 'image', page: 1, x: 0, y: 0, width: 10, height: 10, file: n });
    expect(await refusal([png, pdf], { operations: [place(1), place(2)] })).toEqual({ code: 'VALIDATION_FAILED', paths: ['operations.1.file'], written: [] });
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await refusal([pdf, fake], { operations: [place(1)] })).toMatchObject({ paths: ['operations.0.file'] });
    const huge = Buffer.concat([png, Buffer.alloc(MAX_EDIT_IMAGE_BYTES)]);
    expect(await refusal([pdf, huge], { operations: [place(1)] })).toMatchObject({ paths: ['operations.0.file'] });
    // Five images of 4.5 MiB each: every one fits, together they are over the total.
    const large = await sharp({ create: { width: 1500, height: 1100, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
    expect(large.length).toBeLessThan(MAX_EDIT_IMAGE_BYTES);
    expect(large.length * 5).toBeGreaterThan(MAX_EDIT_TOTAL_IMAGE_BYTES);
    expect(await refusal([pdf, large, large, large, large, large], { operations: [1, 2, 3, 4, 5].map(place) })).toMatchObject({ paths: ['operations'] });
    // The same image placed on every page counts once.
    expect((await ws.run('edit', [file('a.pdf', await blankPdf(5)), file('big.png', large)], { operations: [1, 2, 3, 4, 5].map((page) => ({ ...place(1), page })) }))[0]!.pages).toBe(5);
    expect(await refusal([png], { operations: [place(1)] })).toEqual({ code: 'VALIDATION_FAILED', paths: ['files'], written: [] });
    // A second PDF is an attachment, which no operation uses here.
    expect(await refusal([pdf, png, pdf], { operations: [place(1)] })).toEqual({ code: 'VALIDATION_FAILED', paths: ['files'], written: [] });
  });

  it('refuses an insert-pdf naming no PDF sent, a PDF nobody inserts, an encrypted or broken attachment, and too many pages', async () => {
    const pdf = await blankPdf(2);
    const insert = (file: number) => ({ type: 'insert-pdf', after: 1, file });
    expect(await refusal([pdf, pdf], { operations: [insert(2)] })).toEqual({ code: 'VALIDATION_FAILED', paths: ['operations.0.file', 'files'], written: [] });
    expect(await refusal([pdf, pdf, pdf], { operations: [insert(1)] })).toMatchObject({ paths: ['files'] });
    expect(await refusal([pdf, pdf], { operations: [{ ...insert(1), after: 3 }] })).toMatchObject({ paths: ['operations.0.after'] });
    const dir = join(ws.root, 'locked-attachment');
    await mkdir(dir);
    await writeFile(join(dir, 'plain.pdf'), pdf);
    execFileSync('qpdf', ['--encrypt', 'secret', 'secret', '256', '--', join(dir, 'plain.pdf'), join(dir, 'locked.pdf')]);
    const locked = Buffer.from(execFileSync('cat', [join(dir, 'locked.pdf')]));
    expect(await refusal([pdf, locked], { operations: [insert(1)] })).toEqual({ code: 'VALIDATION_FAILED', paths: ['operations.0.file'], written: [] });
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 7)]);
    expect(await refusal([pdf, broken], { operations: [insert(1)] })).toMatchObject({ code: 'VALIDATION_FAILED', paths: ['operations.0.file'] });
    expect(await refusal([pdf, pdf], { operations: [insert(1)] }, { maxPages: 3 })).toMatchObject({ code: 'VALIDATION_FAILED', paths: ['operations'] });
  });

  it('asks for the password of an encrypted input', async () => {
    const dir = join(ws.root, 'locked');
    await mkdir(dir);
    await writeFile(join(dir, 'plain.pdf'), await blankPdf());
    execFileSync('qpdf', ['--encrypt', 'secret', 'secret', '256', '--', join(dir, 'plain.pdf'), join(dir, 'locked.pdf')]);
    const locked = Buffer.from(execFileSync('cat', [join(dir, 'locked.pdf')]));
    expect(await ws.fail('edit', [file('locked.pdf', locked)], { operations: [{ type: 'whiteout', page: 1, x: 0, y: 0, width: 10, height: 10 }] })).toBe('PDF_ENCRYPTED');
  });
});

describe('edit: insert pages from another PDF', () => {
  it('copies every page of the attached PDF, with its content, after the page named, among the other page operations', async () => {
    const edited = await textPdf(2, { words: (n) => `Original ${n}` });
    const other = await textPdf(2, { words: (n) => `Inserted ${n}` });
    const logo = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000000' } }).png().toBuffer();
    const [out] = await ws.run('edit', [file('report.pdf', edited), file('logo.png', logo), file('annex.pdf', other)], {
      operations: [
        { type: 'image', page: 1, x: 0, y: 0, width: 10, height: 10, file: 1 },
        { type: 'insert-pdf', after: 1, file: 1 },
        { type: 'delete-page', page: 4 },
        { type: 'insert-pdf', after: 0, file: 1 },
      ],
    });
    expect(out).toMatchObject({ filename: 'report-edited.pdf', pages: 5 });
    const words = pdfText(out!.path).split('\f').map((page) => page.match(/(Original|Inserted) \d/)?.[0]);
    expect(words.slice(0, 5)).toEqual(['Inserted 1', 'Inserted 2', 'Original 1', 'Inserted 1', 'Inserted 2']);
  });
});
