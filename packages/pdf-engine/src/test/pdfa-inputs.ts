import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import PDFKit from 'pdfkit';
import { libreOfficePdfs } from './corpus.ts';

/** Inputs for the PDF/A tests as other producers write them: ReportLab, ImageMagick (Debian's packages), pdfkit and LibreOffice. */

const run = promisify(execFile);
/** Debian's own python, where python3-reportlab is installed. */
const PYTHON = '/usr/bin/python3';

/** A ReportLab page: `body` is Python drawing on the canvas `c` (A4, points). */
export async function reportLabPdf(dir: string, name: string, body: string): Promise<string> {
  const out = join(dir, name);
  const script = ['import sys', 'from reportlab.pdfgen import canvas', 'from reportlab.lib.pagesizes import A4', 'c = canvas.Canvas(sys.argv[1], pagesize=A4)', body, 'c.showPage()', 'c.save()'].join('\n');
  await run(PYTHON, ['-c', script, out]);
  return out;
}

/**
 * ImageMagick's PDF of a CMYK JPEG: a DCT image in DeviceCMYK (and a thumbnail). Debian's policy
 * forbids the PDF coder; EPDF is the same writer under another name.
 */
export async function imageMagickCmykJpegPdf(dir: string): Promise<string> {
  const jpeg = join(dir, 'cmyk.jpg');
  await run('convert-im6.q16', ['-size', '300x200', 'gradient:#c03020-#2040c0', '-colorspace', 'CMYK', '-quality', '85', jpeg]);
  const out = join(dir, 'imagemagick-cmyk.pdf');
  await run('convert-im6.q16', [jpeg, `EPDF:${out}`]);
  return out;
}

export async function writeInput(dir: string, name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** A pdfkit document (A4, compressed, its standard Helvetica not embedded) drawn by `draw`. */
export function pdfkitPdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFKit({ size: 'A4', compress: true });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new Writable({ write: (chunk: Buffer, _: string, done: () => void) => (chunks.push(chunk), done()) });
    sink.on('finish', () => resolve(Buffer.concat(chunks)));
    sink.on('error', reject);
    doc.pipe(sink);
    draw(doc);
    doc.end();
  });
}

/** pdfkit's comments as it writes them: annotations with no appearance stream. */
export const pdfkitAnnotated = (options: { highlight?: boolean } = {}) =>
  pdfkitPdf((doc) => {
    doc.fontSize(12).text('Reviewed minutes of the board meeting', 72, 72);
    doc.note(400, 60, 20, 20, 'Check the quorum.');
    doc.underline(72, 72, 240, 14, { color: 'blue' });
    doc.strike(72, 100, 120, 14, { color: 'red' });
    if (options.highlight) doc.highlight(72, 130, 120, 14);
    doc.lineAnnotation(72, 200, 300, 220, { color: 'green' });
    doc.rectAnnotation(72, 250, 120, 60, { color: 'red' });
    doc.ellipseAnnotation(220, 250, 120, 60, { color: 'blue' });
    doc.textAnnotation(72, 340, 240, 40, 'Approved at the meeting', { color: 'black' });
    doc.link(72, 400, 200, 14, 'https://example.com/minutes');
  });

/** pdfkit's form: fields without appearances and NeedAppearances set, so readers draw them. */
export const pdfkitForm = () =>
  pdfkitPdf((doc) => {
    doc.initForm();
    doc.fontSize(12).text('Membership application', 72, 72);
    doc.formText('fullname', 72, 100, 200, 20, { value: 'Jane Citizen' });
    doc.formCheckbox('agree', 72, 130, 14, 14);
    doc.formCombo('state', 72, 160, 100, 20, { select: ['NSW', 'VIC'], value: 'VIC' });
  });

/** LibreOffice Writer's PDF of an HTML form: fields with empty or stale appearances and NeedAppearances set. */
export async function libreOfficeForm(dir: string): Promise<Buffer> {
  const html = '<!doctype html><html><body><h1>Membership</h1><form><p>Name <input type="text" name="fullname" value="Jane Citizen"></p><p><input type="checkbox" name="agree" checked> I agree</p><p><select name="state"><option>NSW</option><option selected>VIC</option></select></p></form></body></html>';
  const [path] = await libreOfficePdfs(dir, [{ name: 'form.html', bytes: Buffer.from(html) }], 'pdf:writer_web_pdf_Export');
  return readFile(path!);
}
