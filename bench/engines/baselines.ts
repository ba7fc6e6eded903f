import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The raw engines the figures are compared with, run as a person would run them on the command
 * line (default threads, no pool), at the same lowered priority as our engines so a busy machine
 * does not favour either side, and in the bench's environment, which `npm run bench:*` gives the same
 * malloc setting as our engines (scripts/huge-pages.sh), so neither side takes fewer page faults.
 * Ghostscript (AGPL) and ocrmypdf appear here only, as separate processes.
 */

const run = (command: string, args: string[], env?: Record<string, string>) => {
  const result = spawnSync('nice', ['-n', '10', command, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr?.toString().slice(0, 500)}`);
};

export const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Ghostscript's pdfwrite with one of its presets. */
const ghostscript = (preset: 'ebook' | 'screen') => (input: string, output: string) =>
  run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', `-dPDFSETTINGS=/${preset}`, `-sOutputFile=${output}`, input]);
export const ghostscriptEbook = ghostscript('ebook');
/** The smallest preset (72-dpi images), the peer of our "high" level. */
export const ghostscriptScreen = ghostscript('screen');

/** Render and OCR each page one after another with tesseract's default threading. */
export function sequentialTesseract(input: string, pages: number, dir: string): string[] {
  const outputs: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const base = join(dir, `seq-${page}`);
    run('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '300', '-gray', '-singlefile', input, base]);
    run('tesseract', [`${base}.pgm`, base, '-l', 'eng', 'pdf']);
    outputs.push(`${base}.pdf`);
  }
  return outputs;
}

export function ocrmypdf(input: string, output: string): void {
  run('ocrmypdf', ['-j2', '--output-type', 'pdf', input, output]);
}

/** A cold LibreOffice conversion with a fresh profile, as most wrappers do it. */
export function coldSoffice(input: string, outDir: string, profile: string): string {
  run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, input]);
  const output = join(outDir, input.split('/').pop()!.replace(/\.\w+$/, '.pdf'));
  if (!existsSync(output)) throw new Error('soffice wrote nothing');
  return output;
}

/** qpdf merging files as its manual shows. */
export function qpdfMerge(inputs: readonly string[], output: string): void {
  run('qpdf', ['--empty', '--pages', ...inputs, '--', output]);
}

/** qpdf writing each page to its own file. */
export function qpdfSplitPages(input: string, outputBase: string): void {
  run('qpdf', ['--split-pages', input, `${outputBase}.pdf`]);
}

/** pdftoppm rendering every page to JPEG in one process. */
export function pdftoppmJpeg(input: string, dpi: number, outputBase: string): void {
  run('pdftoppm', ['-r', String(dpi), '-jpeg', input, outputBase]);
}
