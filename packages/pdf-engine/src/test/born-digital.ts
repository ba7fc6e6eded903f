import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { libreOfficePdfs } from './corpus.ts';
import { docxDocument } from './office-docs.ts';

const run = promisify(execFile);

/** pdfTeX manuals shipped by Debian packages (Type 1 fonts); read in place where installed, never copied into the repository. */
export const PDFTEX_MANUALS = ['/usr/share/doc/libtasn1-doc/libtasn1.pdf', '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf'].filter((p) => existsSync(p));

/** A Type 1 font from Ghostscript's URW fonts (a dependency of the ghostscript package the benches install). */
const URW_NIMBUS_SANS = '/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1';

/**
 * A one-page PDF whose lines are set in a whole embedded Type 1 font (FontFile with its cleartext,
 * eexec and trailer lengths), as pdfTeX and older producers embed them.
 */
export async function type1FontPdf(lines: readonly string[]): Promise<Buffer> {
  const program = await readFile(URW_NIMBUS_SANS);
  const eexec = program.indexOf('eexec') + 'eexec'.length;
  const length1 = eexec + (program[eexec] === 0x0d && program[eexec + 1] === 0x0a ? 2 : 1);
  let trailer = program.lastIndexOf('cleartomark'); // after 512 zeros, in lines
  while (trailer > length1 && [0x30, 0x0a, 0x0d].includes(program[trailer - 1]!)) trailer--;
  const length3 = program.length - trailer;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  const fontFile = ctx.register(ctx.flateStream(program, { Length1: length1, Length2: program.length - length1 - length3, Length3: length3 }));
  const descriptor = ctx.register(ctx.obj({ Type: 'FontDescriptor', FontName: 'NimbusSans-Regular', Flags: 32, FontBBox: [-210, -308, 1032, 1083], ItalicAngle: 0, Ascent: 729, Descent: -218, CapHeight: 729, StemV: 85, FontFile: fontFile }));
  const font = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'NimbusSans-Regular', Encoding: 'WinAnsiEncoding', FontDescriptor: descriptor }));
  const page = doc.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('F1'), font);
  const shown = lines.map((line, i) => `BT /F1 18 Tf 72 ${770 - i * 28} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream(shown)));
  return Buffer.from(await doc.save());
}

/** A LibreOffice export of a generated DOCX of `pages` pages (embedded TrueType subsets, an image per page). */
export async function libreOfficeReport(dir: string, pages: number, name = 'report'): Promise<Buffer> {
  const [path] = await libreOfficePdfs(dir, [{ name: `${name}.docx`, bytes: await docxDocument(pages, `Report ${name}`) }]);
  return readFile(path!);
}

/**
 * What merged born-digital files look like: the same export joined twice (each copy brings its own
 * identical fonts and images), with a thumbnail on each page and an application's private data
 * (/PieceInfo) on the pages and the catalog, as Illustrator and Acrobat leave them.
 */
export async function mergedWithBaggage(exported: Buffer): Promise<Buffer> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (let copy = 0; copy < 2; copy++) {
    const source = await PDFDocument.load(exported, { updateMetadata: false });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  const ctx = merged.context;
  const thumb = ctx.register(ctx.flateStream(randomBytes(40 * 56 * 3), { Width: 40, Height: 56, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 }));
  const pieceInfo = () => ctx.obj({ Illustrator: { LastModified: PDFString.of('D:20260101000000'), Private: ctx.register(ctx.flateStream(randomBytes(4_000))) } });
  for (const page of merged.getPages()) {
    page.node.set(PDFName.of('Thumb'), thumb);
    page.node.set(PDFName.of('PieceInfo'), pieceInfo());
  }
  merged.catalog.set(PDFName.of('PieceInfo'), pieceInfo());
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}

/** A pdfLaTeX build of `body` (the document's whole source, \documentclass to \end{document}), in a temp dir under `dir`. */
export async function pdfLatex(dir: string, body: string, name = 'paper'): Promise<Buffer> {
  const work = await mkdtemp(join(dir, 'latex-'));
  await writeFile(join(work, `${name}.tex`), body);
  await run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', `${name}.tex`], { cwd: work });
  return readFile(join(work, `${name}.pdf`));
}
