import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';

export interface PdfOptions {
  pages?: number;
  /** Protected with a user password. */
  encrypted?: boolean;
  /** Exact size in bytes, reached with an uncompressed stream of random bytes. */
  size?: number;
}

/** A real PDF made by pdf-lib, for upload tests. */
export async function makePdf(options: PdfOptions = {}): Promise<Buffer> {
  if (options.size === undefined) return build(options, 0);
  let padding = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const pdf = await build(options, padding);
    if (pdf.length === options.size) return pdf;
    padding += options.size - pdf.length;
    if (padding < 0) throw new Error(`A PDF of ${options.size} bytes is too small for these options`);
  }
  throw new Error(`Could not make a PDF of exactly ${options.size} bytes`);
}

async function build(options: PdfOptions, padding: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Wattle test document');
  for (let i = 0; i < (options.pages ?? 1); i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 18 });
  if (padding > 0) {
    const filler = doc.context.stream(randomBytes(padding), { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1] });
    doc.catalog.set(PDFName.of('WattleFiller'), doc.context.register(filler));
  }
  if (options.encrypted) doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner-secret' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A PDF that tries to reach `canary` on open: a JavaScript OpenAction and page-open action
 * (launchURL, submitForm) and a full-page link. A viewer that runs none of it never calls the canary.
 */
export async function makeActivePdf(canary: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Active content test', { x: 50, y: 780, size: 18 });
  const script = doc.context.register(
    doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(`app.launchURL("${canary}/js", true); this.submitForm("${canary}/submit");`) }),
  );
  doc.catalog.set(PDFName.of('OpenAction'), script);
  page.node.set(PDFName.of('AA'), doc.context.obj({ O: script }));
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 595, 842],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(`${canary}/uri`) },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Things named .pdf and declared application/pdf that are not PDFs. */
export const disguised = {
  html: Buffer.from('<!doctype html><html><body><script>fetch("/api/profile")</script></body></html>'),
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  /** A PDF header with nothing behind it. */
  headerOnly: Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n'),
  empty: Buffer.alloc(0),
};
