import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Inputs for the PDF/A tests as other producers write them: ReportLab and ImageMagick (Debian's packages). */

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
