import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { degrees, PDFArray, PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolOutput } from '../context.ts';
import { A4, textPdf } from '../test/fixtures.ts';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';

/** image-watermark, add-attachments and extract-attachments on generated files. */

let ws: Workspace;
let two: Buffer;
let logo: Buffer;
beforeAll(async () => {
  ws = await workspace();
  two = await textPdf(2);
  logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.8 } } }).png().toBuffer();
});
afterAll(() => ws.dispose());

const checked = (output: ToolOutput) => expect(spawnSync('qpdf', ['--check', output.path]).status, output.filename).toBe(0);
/** The page of each image placement as pdfimages lists them (their soft masks aside). */
const imagesPerPage = (path: string) =>
  spawnSync('pdfimages', ['-list', path], { encoding: 'utf8' })
    .stdout.split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => Number(columns[0]));

/** The fraction of red pixels in a region of page 1 rendered at 20 dpi (x, y, w, h as fractions of the page, from the top left). */
async function redShare(path: string, region: [number, number, number, number]): Promise<number> {
  const png = spawnSync('pdftoppm', ['-r', '20', '-f', '1', '-l', '1', '-png', path], { maxBuffer: 1 << 26 }).stdout;
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [x0, y0, x1, y1] = [region[0] * info.width, region[1] * info.height, (region[0] + region[2]) * info.width, (region[1] + region[3]) * info.height].map(Math.round);
  let red = 0;
  let all = 0;
  for (let y = y0!; y < y1!; y++) {
    for (let x = x0!; x < x1!; x++) {
      const i = (y * info.width + x) * 3;
      all++;
      if (data[i]! > 150 && data[i + 1]! < 120) red++;
    }
  }
  return red / all;
}

describe('image-watermark', () => {
  it('places the image where asked, on the pages chosen, in either file order, the text kept', async () => {
    const [out] = await ws.run('image-watermark', [file('logo.png', logo), file('r.pdf', two)], { position: 'top-right', scale: 30, opacity: 1, pages: '1' });
    checked(out!);
    expect(out).toMatchObject({ filename: 'r-watermarked.pdf', pages: 2 });
    expect(imagesPerPage(out!.path)).toEqual([1]);
    expect(await redShare(out!.path, [0.72, 0.02, 0.2, 0.1])).toBeGreaterThan(0.6);
    expect(await redShare(out!.path, [0.05, 0.02, 0.2, 0.1])).toBe(0);
    expect(pdfText(out!.path)).toContain('Page 2');
  });

  it('tiles a JPEG across every page, the image stored once', async () => {
    const jpeg = await sharp(logo).flatten({ background: '#fff' }).jpeg().toBuffer();
    const [out] = await ws.run('image-watermark', [file('r.pdf', two), file('logo.jpg', jpeg)], { tiled: true, scale: 10 });
    checked(out!);
    const perPage = imagesPerPage(out!.path);
    expect(perPage.filter((page) => page === 1).length).toBeGreaterThan(10);
    expect(perPage.filter((page) => page === 2).length).toBeGreaterThan(10);
    // One image object, drawn many times.
    expect(new Set(spawnSync('pdfimages', ['-list', out!.path], { encoding: 'utf8' }).stdout.split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/)[10])).size).toBe(1);
  });

  it('keeps the image upright on a rotated page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage(A4).setRotation(degrees(90));
    const [out] = await ws.run('image-watermark', [file('r.pdf', Buffer.from(await doc.save())), file('logo.png', logo)], { position: 'top-left', opacity: 1 });
    // Shown landscape: the image sits top left, wider than tall.
    expect(await redShare(out!.path, [0.03, 0.04, 0.2, 0.15])).toBeGreaterThan(0.6);
    expect(await redShare(out!.path, [0.03, 0.5, 0.2, 0.3])).toBe(0);
  });

  it('needs a PDF and an image', async () => {
    expect(await ws.fail('image-watermark', [file('r.pdf', two), file('s.pdf', two)])).toBe('VALIDATION_FAILED');
    expect(await ws.fail('image-watermark', [file('r.pdf', two)])).toBe('VALIDATION_FAILED');
    expect(await ws.fail('image-watermark', [file('r.pdf', two), file('logo.png', logo)], { scale: 500 })).toBe('VALIDATION_FAILED');
  });
});

describe('attachments', () => {
  it('attaches files under safe names and extracts them byte for byte', async () => {
    const csv = Buffer.from('date,amount\n2026-11-24,42.50\n');
    const [withFiles] = await ws.run('add-attachments', [
      file('invoice.pdf', two),
      file('figures.txt', csv),
      file('../evil\u202Egpj.exe.png', logo),
      file('figures.txt', Buffer.from('second')),
    ]);
    checked(withFiles!);
    expect(withFiles).toMatchObject({ filename: 'invoice-with-attachments.pdf', pages: 2 });
    // The name tree keeps names sorted.
    expect((await pdfOf(withFiles!)).getAttachments().map((a) => a.name)).toEqual(['evilgpj.exe.png', 'figures-2.txt', 'figures.txt']);

    const outs = await ws.run('extract-attachments', [file('invoice.pdf', await readFile(withFiles!.path))]);
    expect(outs.map((o) => [o.filename, o.contentType])).toEqual([
      ['evilgpj.exe.png', 'application/octet-stream'],
      ['figures-2.txt', 'application/octet-stream'],
      ['figures.txt', 'application/octet-stream'],
    ]);
    expect(await Promise.all(outs.map((o) => readFile(o.path)))).toEqual([logo, Buffer.from('second'), csv]);
  });

  it('finds files in a nested name tree and in file attachment annotations, each once', async () => {
    const doc = await PDFDocument.load(two);
    const spec = (name: string, text: string) => {
      const stream = doc.context.register(doc.context.flateStream(Buffer.from(text), { Type: 'EmbeddedFile' }));
      return doc.context.register(doc.context.obj({ Type: 'Filespec', F: PDFString.of(name), UF: PDFHexString.fromText(name), EF: { F: stream } }));
    };
    const a = spec('a.txt', 'first');
    const leaf = (name: string, ref: ReturnType<typeof spec>) => doc.context.register(doc.context.obj({ Names: [PDFString.of(name), ref], Limits: [PDFString.of(name), PDFString.of(name)] }));
    const root = doc.context.obj({ Kids: [leaf('a.txt', a), leaf('b.txt', spec('b.txt', 'second'))] });
    root.set(PDFName.of('Kids'), doc.context.obj([...root.lookup(PDFName.of('Kids'), PDFArray).asArray(), doc.context.register(root)])); // a loop
    doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: root }));
    const page = doc.getPage(0);
    const attached = (fs: ReturnType<typeof spec>) => doc.context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 0, 10, 10], FS: fs });
    page.node.set(PDFName.of('Annots'), doc.context.obj([attached(spec('ü-note.txt', 'third')), attached(a)]));
    const outs = await ws.run('extract-attachments', [file('r.pdf', Buffer.from(await doc.save()))]);
    expect(await Promise.all(outs.map(async (o) => [o.filename, (await readFile(o.path)).toString()]))).toEqual([
      ['a.txt', 'first'],
      ['b.txt', 'second'],
      ['ü-note.txt', 'third'],
    ]);
  });

  it('says a PDF/A-1 file is no longer one once files are attached', async () => {
    const doc = await PDFDocument.load(two);
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="1" pdfaid:conformance="B"/></rdf:RDF></x:xmpmeta>';
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
    const [out] = await ws.run('add-attachments', [file('archive.pdf', Buffer.from(await doc.save({ useObjectStreams: false }))), file('notes.txt', Buffer.from('notes'))]);
    expect(out!.notes).toEqual([{ code: 'PDFA_NOT_KEPT', message: expect.stringContaining('PDF/A-1 and PDF/A-2 do not allow attached files') }]);
  });

  it('says so when a PDF has no attachments', async () => {
    expect(await ws.fail('extract-attachments', [file('r.pdf', two)])).toBe('NO_ATTACHMENTS');
    expect(await ws.fail('add-attachments', [file('r.pdf', two)])).toBe('VALIDATION_FAILED');
  });
});
