import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { lzwEncode } from './encoders.ts';
import { A4, formPdf, pageThroughFilters, textImage } from './fixtures.ts';
import { docxDocument, odtDocument } from './office-docs.ts';

/**
 * A corpus of valid PDFs as real producers write them, made at test time (nothing committed):
 * LibreOffice (born-digital, PDF/A-1, Arabic), tesseract (an OCRed scan), Ghostscript (CMYK,
 * PDF/A-1b, PDF 1.3), tiff2pdf (CCITT G4), pdf-lib (forms, attachments, annotations, outlines) and
 * hand-written syntax (inline images, LZW), plus a PDF manual shipped by a Debian package when
 * it is installed (read in place, never copied into the repository).
 */

const run = promisify(execFile);

export interface CorpusFile {
  name: string;
  path: string;
  /** Bytes the file must contain: proof it has the feature it stands for. */
  marker: string;
}

/** PDF/A-1 through LibreOffice's own export filter option (SelectPdfVersion 1). */
const PDFA1_EXPORT = 'pdf:writer_pdf_Export:{"SelectPdfVersion":{"type":"long","value":"1"}}';

/** Cold LibreOffice conversions with a private profile; one process converts all the inputs given. */
export async function libreOfficePdfs(dir: string, inputs: { name: string; bytes: Buffer }[], exportFilter = 'pdf'): Promise<string[]> {
  // Concurrent cold LibreOffice processes must not share a profile: each call gets its own dir.
  const sources = await mkdtemp(join(dir, 'lo-'));
  const paths = await Promise.all(inputs.map(async (input) => {
    const path = join(sources, input.name);
    await writeFile(path, input.bytes);
    return path;
  }));
  const profile = `file://${join(sources, 'profile')}`;
  await run('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', exportFilter, '--outdir', sources, ...paths], { timeout: 120_000 });
  return paths.map((p) => p.replace(/\.[a-z]+$/, '.pdf'));
}

export const libreOfficePdfa1 = (dir: string, name: string, text: string) => libreOfficePdfs(dir, [{ name, bytes: odtDocument(text) }], PDFA1_EXPORT).then(([p]) => p!);

/** Ghostscript's sRGB profile (package ghostscript). */
const GS_SRGB = '/usr/share/color/icc/ghostscript/srgb.icc';

/** Ghostscript's PDF/A-1b with an sRGB output intent, set the way its PDFA_def.ps does (attribute-form XMP, as Acrobat writes). */
export async function ghostscriptPdfa1(dir: string, source: string): Promise<string> {
  const def = join(dir, 'pdfa-def.ps');
  await writeFile(
    def,
    `%!\n[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark\n[{icc_PDFA} << /N 3 >> /PUT pdfmark\n[{icc_PDFA} (${GS_SRGB}) (r) file /PUT pdfmark\n` +
      `[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark\n[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA} /OutputConditionIdentifier (sRGB) >> /PUT pdfmark\n` +
      `[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark\n`,
  );
  const out = join(dir, 'gs-pdfa1b.pdf');
  await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', `--permit-file-read=${GS_SRGB}`, '-dPDFA=1', '-dPDFACompatibilityPolicy=1', '-sColorConversionStrategy=RGB', '-sDEVICE=pdfwrite', `-sOutputFile=${out}`, def, source]);
  return out;
}

/** Ghostscript's pdfwrite converting every colour to DeviceCMYK (k operators, CMYK images), as print shops ask. */
export async function ghostscriptCmyk(dir: string, source: string): Promise<string> {
  const out = join(dir, 'cmyk.pdf');
  await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-sColorConversionStrategy=CMYK', '-sProcessColorModel=DeviceCMYK', `-sOutputFile=${out}`, source]);
  return out;
}

export async function buildCorpus(dir: string): Promise<CorpusFile[]> {
  await mkdir(dir, { recursive: true });
  const file = async (name: string, bytes: Uint8Array) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };
  const colourful = await file('colourful-source.pdf', await colourfulPdf());

  const [office, pdfa, scan, cmyk, pdf13, ccitt] = await Promise.all([
    libreOfficePdfs(dir, [
      { name: 'born-digital.docx', bytes: await docxDocument(2) },
      { name: 'arabic.odt', bytes: odtDocument('مرحبا بكم في التقرير الفصلي. الأرقام بالدولار الأسترالي.') },
    ]),
    libreOfficePdfa1(dir, 'pdfa1-libreoffice.odt', 'An archived letter, kept as PDF/A-1.'),
    tesseractScan(dir),
    ghostscriptCmyk(dir, colourful),
    run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dCompatibilityLevel=1.3', `-sOutputFile=${join(dir, 'pdf13.pdf')}`, colourful]).then(() => join(dir, 'pdf13.pdf')),
    ccittPdf(dir),
  ]);
  const files: CorpusFile[] = [
    { name: 'born-digital (LibreOffice, DOCX)', path: office[0]!, marker: '/FontFile2' },
    { name: 'Arabic text (LibreOffice)', path: office[1]!, marker: '/FontFile2' },
    { name: 'PDF/A-1 (LibreOffice)', path: pdfa, marker: 'pdfaid:part' },
    { name: 'PDF/A-1b (Ghostscript)', path: await ghostscriptPdfa1(dir, colourful), marker: 'pdfaid:part' },
    { name: 'OCRed scan (tesseract)', path: scan, marker: 'GlyphLessFont' },
    { name: 'CMYK (Ghostscript)', path: cmyk, marker: '/DeviceCMYK' },
    { name: 'PDF 1.3 (Ghostscript)', path: pdf13, marker: '%PDF-1.3' },
    { name: 'CCITT G4 scan (tiff2pdf)', path: ccitt, marker: '/CCITTFaxDecode' },
    { name: 'form (pdf-lib)', path: await file('form.pdf', await formPdf()), marker: '/AcroForm' },
    { name: 'attachments, annotations and outlines (pdf-lib)', path: await file('annotated.pdf', await annotatedPdf()), marker: '/EmbeddedFile' },
    { name: 'inline image (hand-written)', path: await file('inline-image.pdf', await inlineImagePdf()), marker: 'BI /W' },
    { name: 'LZW content and image (hand-written)', path: await file('lzw.pdf', await lzwPdf()), marker: '/LZWDecode' },
  ];
  // A real manual from a package the engines pull in (shared-mime-info); used where it is installed.
  const manual = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';
  if (existsSync(manual)) files.push({ name: 'Debian manual (shared-mime-info spec)', path: manual, marker: '%PDF-' });
  return files;
}

/** Text, colour fills and an RGB photo-like image: something for Ghostscript to convert. */
export async function colourfulPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Colour report: sales by state', { x: 72, y: 760, size: 20, font, color: rgb(0.1, 0.3, 0.7) });
  ['#d33', '#3a3', '#36c', '#fc0'].forEach((_, i) => page.drawRectangle({ x: 72 + i * 110, y: 560, width: 90, height: 150, color: rgb(i * 0.25, 0.8 - i * 0.2, 0.3 + i * 0.15) }));
  const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4a8' } })
    .composite([{ input: Buffer.from('<svg width="300" height="200"><circle cx="150" cy="100" r="80" fill="#e63"/></svg>') }])
    .jpeg()
    .toBuffer();
  page.drawImage(await doc.embedJpg(photo), { x: 72, y: 300, width: 300, height: 200 });
  return doc.save();
}

/** tesseract's own PDF output: the page image with recognised text behind it. */
async function tesseractScan(dir: string): Promise<string> {
  const image = join(dir, 'scan.png');
  await writeFile(image, await textImage('Invoice 2041 total 99'));
  await run('tesseract', [image, join(dir, 'scan-ocr'), '-l', 'eng', 'pdf'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
  return join(dir, 'scan-ocr.pdf');
}

/** A 1-bit G4 TIFF (as fax and document scanners write) passed through by tiff2pdf as /CCITTFaxDecode. */
async function ccittPdf(dir: string): Promise<string> {
  const tiff = join(dir, 'fax.tif');
  await sharp(await textImage('Fax cover sheet')).flatten({ background: '#fff' }).toColourspace('b-w').threshold(128).tiff({ compression: 'ccittfax4', bitdepth: 1 }).toFile(tiff);
  const out = join(dir, 'ccitt.pdf');
  await run('tiff2pdf', ['-o', out, tiff]);
  return out;
}

/** A file attachment, a note, a link, a stamp with an appearance, and a two-entry outline. */
async function annotatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [doc.addPage(A4), doc.addPage(A4)];
  pages.forEach((page, i) => page.drawText(`Chapter ${i + 1}`, { x: 72, y: 760, size: 24, font }));
  await doc.attach(Buffer.from('state,revenue\nNSW,1200\n'), 'figures.csv', { mimeType: 'text/csv', description: 'Figures' });
  const ctx = doc.context;
  const appearance = ctx.register(ctx.stream('0 0 1 rg 0 0 120 40 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 120, 40] }));
  const annots = [
    ctx.obj({ Type: 'Annot', Subtype: 'Text', Rect: [400, 700, 420, 720], Contents: PDFString.of('Check these figures'), Open: false }),
    ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 740, 200, 760], Border: [0, 0, 0], Dest: [pages[1]!.ref, PDFName.of('Fit')] }),
    ctx.obj({ Type: 'Annot', Subtype: 'Square', Rect: [72, 600, 192, 640], C: [0, 0, 1], AP: { N: appearance } }),
  ].map((annot) => ctx.register(annot));
  pages[0]!.node.set(PDFName.of('Annots'), ctx.obj(annots));
  const outlines = ctx.nextRef();
  const [first, second] = [ctx.nextRef(), ctx.nextRef()];
  ctx.assign(first, ctx.obj({ Title: PDFString.of('Chapter 1'), Parent: outlines, Next: second, Dest: [pages[0]!.ref, PDFName.of('Fit')] }));
  ctx.assign(second, ctx.obj({ Title: PDFString.of('Chapter 2'), Parent: outlines, Prev: first, Dest: [pages[1]!.ref, PDFName.of('Fit')] }));
  ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: first, Last: second, Count: 2 }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  return doc.save({ useObjectStreams: false });
}

/** An 8x8 grey checkerboard as an inline image (BI … ID … EI), drawn large. */
async function inlineImagePdf(): Promise<Buffer> {
  const pixels = Buffer.from(Array.from({ length: 64 }, (_, i) => (((i >> 3) + i) % 2 ? 0x20 : 0xe0)));
  const content = Buffer.concat([
    Buffer.from('q 0 0 1 rg 72 700 200 40 re f Q\nq 200 0 0 200 72 400 cm\nBI /W 8 /H 8 /CS /G /BPC 8 ID\n'),
    pixels,
    Buffer.from('\nEI\nQ\n'),
  ]);
  return pageThroughFilters(content, [], (data) => data);
}

/** Content and an RGB image both stored with /LZWDecode (older producers and TIFF-derived files). */
async function lzwPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await pageThroughFilters(Buffer.from('q 0.8 0.1 0.1 rg 72 600 300 100 re f Q\nq 240 0 0 160 72 380 cm /Im1 Do Q\n'), ['LZWDecode'], (d) => lzwEncode(d)));
  const { data } = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } }).raw().toBuffer({ resolveWithObject: true });
  const image = doc.context.register(doc.context.stream(lzwEncode(data), { Type: 'XObject', Subtype: 'Image', Width: 120, Height: 80, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'LZWDecode' }));
  doc.getPage(0).node.set(PDFName.of('Resources'), doc.context.obj({ XObject: { Im1: image } }));
  return doc.save({ useObjectStreams: false });
}
