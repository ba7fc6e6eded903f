import { createDeflate, crc32, deflateSync } from 'node:zlib';
import { degrees, PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { ascii85Encode } from './encoders.ts';

/** Fixtures are generated, never committed: bombs stay generators. */

export const A4: [number, number] = [595.28, 841.89];

/** Pages with "Page N" (and optional extra words) drawn as real text. */
export async function textPdf(pages: number, options: { words?: (page: number) => string; size?: [number, number] } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(options.size ?? A4);
    page.drawText(`Page ${i}`, { x: 72, y: page.getHeight() - 100, size: 24, font });
    if (options.words) page.drawText(options.words(i), { x: 72, y: page.getHeight() - 140, size: 12, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** An off-white page with dark text lines and sensor noise, like a 300-dpi office scan (JPEG, ~3 MB at A4). */
export async function scanImage(text: string, width: number, height: number): Promise<Buffer> {
  const size = Math.round(height * 0.014);
  const lines = Array.from(
    { length: 28 },
    (_, i) =>
      `<text x="${width * 0.1}" y="${height * 0.12 + i * height * 0.028}" font-size="${size}" font-family="DejaVu Sans" fill="#222">${i === 0 ? text : `Line ${i} of the quarterly report for the board, figures in AUD.`}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/>${lines}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Deterministic noise (xorshift), +-12 per sample: what makes real scans large.
  let seed = 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >>> 0) % 25) - 12));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 90 }).toBuffer();
}

/** A PDF of full-page JPEG scans (DCT image XObjects), as scanners make them. */
export async function scanPdf(pages: number, dpi = 300, text = (page: number) => `Scanned page ${page}`): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const [w, h] = [Math.round((A4[0] / 72) * dpi), Math.round((A4[1] / 72) * dpi)];
  for (let i = 1; i <= pages; i++) {
    const image = await doc.embedJpg(await scanImage(text(i), w, h));
    doc.addPage(A4).drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
  }
  return Buffer.from(await doc.save());
}

/** An image of large, clean text (what OCR should read back). */
export async function textImage(text: string, width = 1700, height = 500): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><text x="60" y="${height / 2}" font-size="90" font-family="DejaVu Sans" fill="#000">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A PDF whose page is only an image of `text` (no text layer). With `rotate`, the page has that
 * /Rotate and the image is drawn turned the other way, so the text reads upright on screen, the
 * way scanners store sideways pages.
 */
export async function imageOnlyPdf(text: string, rotate: 0 | 90 | 180 | 270 = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(await textImage(text));
  const page = doc.addPage(A4);
  const [w, h] = [A4[0] - 72, ((A4[0] - 72) * 500) / 1700];
  const placement = {
    0: { x: 36, y: 500 },
    90: { x: A4[0] - 36, y: 36 },
    180: { x: A4[0] - 36, y: 300 },
    270: { x: 36, y: A4[1] - 36 },
  }[rotate];
  page.drawImage(png, { ...placement, width: rotate % 180 ? Math.min(w, A4[1] - 72) : w, height: h, rotate: degrees(rotate) });
  page.setRotation(degrees(rotate));
  return Buffer.from(await doc.save());
}

/** A form with a filled text field and a checkbox, plus a note annotation. */
export async function formPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const form = doc.getForm();
  const name = form.createTextField('name');
  name.setText('Jane Citizen');
  name.addToPage(page, { x: 72, y: 700, width: 200, height: 24 });
  const agree = form.createCheckBox('agree');
  agree.addToPage(page, { x: 72, y: 650, width: 16, height: 16 });
  agree.check();
  return Buffer.from(await doc.save());
}

/** JavaScript open action, a URI link, a launch action and an attachment (for sanitise). */
export async function activePdf(canaryUrl: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  page.drawText('Page 1', { x: 72, y: 760, size: 24 });
  const ctx = doc.context;
  doc.catalog.set(PDFName.of('OpenAction'), ctx.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(`app.launchURL("${canaryUrl}")`) }));
  const link = ctx.register(
    ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 700, 300, 720], A: { Type: 'Action', S: 'URI', URI: PDFString.of(canaryUrl) } }),
  );
  const launch = ctx.register(
    ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 650, 300, 670], A: { Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') } }),
  );
  page.node.set(PDFName.of('Annots'), ctx.obj([link, launch]));
  page.node.set(PDFName.of('AA'), ctx.obj({ O: { Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') } }));
  await doc.attach(Buffer.from('secret attachment body'), 'payload.txt', { mimeType: 'text/plain' });
  doc.setTitle('Secret title');
  doc.setAuthor('Secret author');
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** One A4 page whose content stream is `content`, stored through `filters` (encoded by `encode`), as other producers write them. */
export async function pageThroughFilters(content: Buffer, filters: readonly string[], encode: (data: Buffer) => Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const stream = doc.context.stream(encode(content), { Filter: filters.map((f) => PDFName.of(f)) });
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Content operators drawing `count` coloured bars: a legitimate page. */
export const barsContent = (count: number) =>
  Buffer.from(Array.from({ length: count }, (_, i) => `q ${(i % 10) / 10} 0.4 0.6 rg 72 ${72 + (i % 700)} ${100 + (i % 300)} 1 re f Q\n`).join(''));

// ---- hostile variants of good files ----

export const truncated = (pdf: Buffer, keep = 0.6) => pdf.subarray(0, Math.floor(pdf.length * keep));

/** Cuts the classic xref table and startxref pointer (readers must rebuild it). */
export function withoutXref(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const xref = text.lastIndexOf('\nxref');
  if (xref < 0) throw new Error('fixture has no classic xref');
  return Buffer.from(text.slice(0, xref + 1) + '%%EOF\n', 'latin1');
}

export const junkPrepended = (pdf: Buffer) => Buffer.concat([Buffer.from('<html>junk before the header '.repeat(20)), pdf]);

const bombs = new Map<string, Promise<Buffer>>();

/**
 * One page whose content stream inflates to `gib` GiB of zeros (~1 MB on disk per GiB); made once
 * per process. With `ascii85`, the deflated data is ASCII85-encoded behind it (~1.3 MB), a chain
 * a Flate-only budget once let through.
 */
export function flateBombPdf(gib = 1, options: { ascii85?: boolean } = {}): Promise<Buffer> {
  const key = `${gib}${options.ascii85 ? '-a85' : ''}`;
  if (!bombs.has(key)) bombs.set(key, makeFlateBomb(gib, options.ascii85 ?? false));
  return bombs.get(key)!;
}

async function makeFlateBomb(gib: number, ascii85: boolean): Promise<Buffer> {
  const deflated = await deflateZeros(gib * 1024 ** 3);
  const data = ascii85 ? ascii85Encode(deflated) : deflated;
  const filter = ascii85 ? '[/ASCII85Decode /FlateDecode]' : '/FlateDecode';
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`;
  return withXref(Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1')]), 4);
}

function deflateZeros(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (c: Buffer) => out.push(c));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    const chunk = Buffer.alloc(16 * 1024 * 1024);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        left -= chunk.length;
        if (!deflate.write(chunk)) return deflate.once('drain', pump);
      }
      deflate.end();
    };
    pump();
  });
}

/** One page drawing an image XObject that claims width x height pixels (a pixel flood inside a PDF). */
export function giantImagePdf(width = 100_000, height = 100_000): Buffer {
  const data = deflateSync(Buffer.alloc(1000));
  const body =
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>\nendobj\n` +
    `4 0 obj\n<< /Length 33 >>\nstream\nq 612 0 0 792 0 0 cm /Im1 Do Q\nendstream\nendobj\n` +
    `5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`;
  return withXref(Buffer.concat([Buffer.from(body, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1')]), 5);
}

/** A one-page PDF around `pages` (object 2) and further objects numbered from 4, with a correct xref. */
export function handWrittenPdf(pages: string, more: readonly string[] = [], page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', pages, page, ...more];
  return withXref(Buffer.from(`%PDF-1.7\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('')}`, 'latin1'), objects.length);
}

/** A page tree that claims more pages than any reader could allocate. */
export const hugeCountPdf = (count = 2_147_483_647) => handWrittenPdf(`<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`);

/** A page tree whose node is its own kid: a reader that follows /Kids without a visited set never ends. */
export const pageTreeLoopPdf = () => handWrittenPdf('<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>');

/** A page whose resources hold arrays nested `depth` deep: a recursive parser runs out of stack. */
export const deepNestingPdf = (depth = 100_000) =>
  handWrittenPdf('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', [], `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`);

/**
 * The page tree inside an object stream that /Extends itself, behind a cross-reference stream: a
 * reader that follows /Extends without a visited set never ends.
 */
export function objectStreamLoopPdf(): Buffer {
  const inside = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  const header = `2 0 3 ${inside[0]!.length + 1} `;
  const objStm = `${header}${inside.join(' ')}`;
  let body = '%PDF-1.7\n';
  const at: number[] = [];
  const add = (text: string) => {
    at.push(body.length);
    body += text;
  };
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  add(`4 0 obj\n<< /Type /ObjStm /N 2 /First ${header.length} /Extends 4 0 R /Length ${objStm.length} >>\nstream\n${objStm}\nendstream\nendobj\n`);
  const xrefAt = body.length;
  // /W [1 4 2]: type, offset or stream number, generation or index.
  const row = (type: number, field: number, index: number) => Buffer.from([type, field >>> 24, (field >>> 16) & 255, (field >>> 8) & 255, field & 255, index >> 8, index & 255]);
  const rows = Buffer.concat([row(0, 0, 65535), row(1, at[0]!, 0), row(2, 4, 0), row(2, 4, 1), row(1, at[1]!, 0), row(1, xrefAt, 0)]);
  const head = `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`;
  return Buffer.concat([Buffer.from(body + head, 'latin1'), rows, Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1')]);
}

/** A page drawing text in an embedded TrueType font whose table directory points far outside the file. */
export function brokenFontPdf(): Buffer {
  const directory = Buffer.alloc(12 + 16 * 4);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(4, 4);
  ['cmap', 'glyf', 'head', 'loca'].forEach((tag, i) => {
    directory.write(tag, 12 + i * 16, 'latin1');
    directory.writeUInt32BE(0xfffffff0 - i, 12 + i * 16 + 8); // offset
    directory.writeUInt32BE(0x7fffffff, 12 + i * 16 + 12); // length
  });
  const font = directory.toString('latin1');
  const content = 'BT /F1 24 Tf 72 700 Td (Broken font) Tj ET';
  return handWrittenPdf('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', [
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /TrueType /BaseFont /Broken /FirstChar 32 /LastChar 126 /Widths [] /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /Broken /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    `<< /Length ${font.length} >>\nstream\n${font}\nendstream`,
  ], '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>');
}

/** Appends a correct xref table and trailer to "N 0 obj" bodies numbered 1..count. */
function withXref(body: Buffer, count: number): Buffer {
  const text = body.toString('latin1');
  const offsets = Array.from({ length: count }, (_, i) => text.indexOf(`\n${i + 1} 0 obj`) + 1);
  const xref = `xref\n0 ${count + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const trailer = `trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.concat([body, Buffer.from(xref + trailer, 'latin1')]);
}

/** A PNG whose header claims 65535 x 65535 pixels (4.3 gigapixels) with almost no data. */
export function pixelFloodPng(): Buffer {
  return png(65535, 65535, 2, deflateSync(Buffer.alloc(65536)));
}

/**
 * A complete, valid white greyscale PNG of width x height: 10000 x 10000 is about 100 KB on disk
 * and 100 MB once decoded (the pixel flood an edit attachment once was).
 */
export function whitePng(width: number, height: number): Buffer {
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // filter: none
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return png(width, height, 0, deflateSync(rows, { level: 9 }));
}

function png(width: number, height: number, colourType: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * One page drawing `streams` Form XObjects that each inflate to `mib` MiB of zeros: every stream is
 * within the per-stream budget, together they are over the job's decoded total (huge streams, not one bomb).
 */
export async function hugeStreamsPdf(streams = 9, mib = 250): Promise<Buffer> {
  const data = await deflateZeros(mib * 1024 * 1024);
  const names = Array.from({ length: streams }, (_, i) => `/F${i} ${i + 5} 0 R`).join(' ');
  const draw = Array.from({ length: streams }, (_, i) => `/F${i} Do`).join(' ');
  const head =
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << ${names} >> >> /Contents 4 0 R >>\nendobj\n` +
    `4 0 obj\n<< /Length ${draw.length} >>\nstream\n${draw}\nendstream\nendobj\n`;
  const forms = Array.from({ length: streams }, (_, i) => [
    Buffer.from(`${i + 5} 0 obj\n<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]).flat();
  return withXref(Buffer.concat([Buffer.from(head, 'latin1'), ...forms]), streams + 4);
}
