import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourfulPdf, ghostscriptCmyk, libreOfficePdfs } from '../test/corpus.ts';
import { textPdf } from '../test/fixtures.ts';
import { file, workspace, type Workspace } from '../test/harness.ts';
import { docxDocument } from '../test/office-docs.ts';
import { imageMagickCmykJpegPdf, pdfkitPdf, reportLabPdf, writeInput } from '../test/pdfa-inputs.ts';
import { preflightErrors, preflightMissing } from '../test/preflight.ts';

/**
 * Our PDF/A-1b outputs of real producers' files, checked by Apache PDFBox's preflight as well as by
 * our own checks (preflight validates PDF/A-1b only, so the outputs are 1b).
 */

const run = promisify(execFile);
const missing = preflightMissing();

async function pdfLatex(dir: string): Promise<string> {
  const tex = join(dir, 'latex.tex');
  await writeFile(tex, '\\documentclass{article}\\usepackage[T1]{fontenc}\\usepackage[ngerman]{babel}\\begin{document}\\section{Bericht}Donaudampfschifffahrtsgesellschaftskapit\\"an und Stra\\ss e: $e^{i\\pi}+1=0$.\\end{document}\n');
  await run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', `-output-directory=${dir}`, tex], { cwd: dir, timeout: 120_000 });
  return join(dir, 'latex.pdf');
}

let ws: Workspace;
let dir: string;
const inputs = new Map<string, Buffer>();
beforeAll(async () => {
  ws = await workspace();
  dir = await mkdtemp(join(tmpdir(), 'wattle-pdfa-preflight-'));
  const colourful = await writeInput(dir, 'colourful.pdf', await colourfulPdf());
  const [office] = await libreOfficePdfs(dir, [{ name: 'report.docx', bytes: await docxDocument(2) }]);
  const html = Buffer.from('<!doctype html><html><body style="font-family:sans-serif"><h1>Newsletter</h1><p style="color:#0a6">Printed by Chromium.</p></body></html>');
  const [chromium] = await ws.run('html-to-pdf', [file('page.html', html)]);
  const entries: [string, string | Buffer][] = [
    ['pdfLaTeX (Type 1 fonts)', await pdfLatex(dir)],
    ['LibreOffice (DOCX export)', office!],
    ['ReportLab (standard fonts)', await reportLabPdf(dir, 'reportlab.pdf', "c.setFont('Helvetica', 12); c.drawString(72, 760, 'Standard Helvetica'); c.setFont('Times-Roman', 12); c.drawString(72, 740, 'and Times')")],
    ['ReportLab (CMYK and RGB)', await reportLabPdf(dir, 'reportlab-cmyk.pdf', "c.setFillColorCMYK(0, 0.5, 1, 0); c.rect(72, 600, 200, 100, fill=1); c.setFillColorRGB(0, 0, 0.8); c.drawString(72, 500, 'Two colour spaces')")],
    ['ImageMagick (CMYK JPEG)', await imageMagickCmykJpegPdf(dir)],
    ['Ghostscript (CMYK conversion)', await ghostscriptCmyk(dir, colourful)],
    ['pdfkit (standard Helvetica, CMYK and RGB)', await pdfkitPdf((doc) => {
      doc.fontSize(14).text('Remittance advice, pdfkit', 72, 72);
      doc.rect(72, 120, 200, 60).fill([0, 40, 100, 0]);
      doc.rect(300, 120, 200, 60).fill('#2050c0');
    })],
    ['Chromium (html-to-pdf)', await readFile(chromium!.path)],
    ['pdf-lib (standard Helvetica)', await textPdf(2)],
  ];
  for (const [name, source] of entries) inputs.set(name, typeof source === 'string' ? await readFile(source) : source);
}, 240_000);
afterAll(async () => {
  await ws.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(missing)(`PDF/A-1b outputs under PDFBox preflight${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const outputErrors = async (name: string) => {
    const [output] = await ws.run('pdf-to-pdfa', [file('input.pdf', inputs.get(name)!)], { conformance: '1b' });
    expect(output!.notes![0]!.code).toBe('PDFA_CHECKED');
    return preflightErrors(output!.path);
  };
  const passing = ['pdfLaTeX (Type 1 fonts)', 'LibreOffice (DOCX export)', 'ReportLab (standard fonts)', 'ReportLab (CMYK and RGB)', 'ImageMagick (CMYK JPEG)', 'Ghostscript (CMYK conversion)', 'pdfkit (standard Helvetica, CMYK and RGB)', 'Chromium (html-to-pdf)', 'pdf-lib (standard Helvetica)'];
  it.each(passing)('%s', async (name) => expect(await outputErrors(name)).toEqual([]), 120_000);
});
