import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { libreOfficePdfs } from './corpus.ts';
import { docxDocument } from './office-docs.ts';

/** pdfTeX manuals shipped by Debian packages (Type 1 fonts); read in place where installed, never copied into the repository. */
export const PDFTEX_MANUALS = ['/usr/share/doc/libtasn1-doc/libtasn1.pdf', '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf'].filter((p) => existsSync(p));

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
