import { nodeProgram } from './node-program.ts';
import type { CommandSpec } from './run-command.ts';

/**
 * Argument builders: pure, so what reaches each engine is unit-tested. Paths are always ours
 * (absolute, inside the job dir), never user-supplied names.
 */

const LOSSLESS = ['--compress-streams=y', '--decode-level=generalized', '--recompress-flate', '--compression-level=9', '--remove-unreferenced-resources=yes'];

export const qpdf = {
  pageCount: (input: string): CommandSpec => ({ command: 'qpdf', args: ['--show-npages', input] }),
  /**
   * Rewrite: repairs what qpdf can recover; optimise recompresses losslessly, with object streams where
   * the input allows them (they need PDF 1.5, PDF/A-1 forbids them, and qpdf would raise the version).
   * Lossless: LZW, ASCII85 and run-length streams become Flate, every Flate stream is redone at level 9
   * (images in DCT stay as they are), and fonts or images no page's content names leave its resources.
   */
  rewrite: (input: string, output: string, opts: { decrypt?: boolean; optimise?: boolean; objectStreams?: boolean } = {}): CommandSpec => ({
    command: 'qpdf',
    args: [
      ...(opts.decrypt ? ['--decrypt'] : []),
      ...(opts.optimise ? [...(opts.objectStreams ? ['--object-streams=generate'] : []), ...LOSSLESS] : []),
      input,
      output,
    ],
  }),
  /** qpdf adds the angle to each page's existing rotation. */
  rotate: (input: string, output: string, angle: 90 | 180 | 270, pages?: readonly number[]): CommandSpec => ({
    command: 'qpdf',
    args: [`--rotate=+${angle}${pages ? `:${compactPageList(pages)}` : ''}`, input, output],
  }),
  /** Runs a qpdf job read from a JSON file (see QpdfJob), so passwords never appear in a process listing. */
  withJobFile: (jobFile: string): CommandSpec => ({ command: 'qpdf', args: [`--job-json-file=${jobFile}`] }),
};

export interface Permissions {
  print: boolean;
  modify: boolean;
  copy: boolean;
  annotate: boolean;
  fillForms: boolean;
  assemble: boolean;
}

/**
 * qpdf's job JSON (qpdf --job-json-file): passwords travel as JSON strings, so one that begins with "-"
 * or holds any character is data, never an option, and no password appears on a command line.
 */
export type QpdfJob = Record<string, unknown>;

const yesNo = (allowed: boolean) => (allowed ? 'y' : 'n');

/** AES-256 encryption; permissions left true stay allowed. */
export function qpdfEncryptJob(input: string, output: string, userPassword: string, ownerPassword: string, p: Permissions): QpdfJob {
  return {
    inputFile: input,
    outputFile: output,
    encrypt: {
      userPassword,
      ownerPassword,
      '256bit': { print: p.print ? 'full' : 'none', modifyOther: yesNo(p.modify), extract: yesNo(p.copy), annotate: yesNo(p.annotate), form: yesNo(p.fillForms), assemble: yesNo(p.assemble) },
    },
  };
}

export function qpdfDecryptJob(input: string, output: string, password: string): QpdfJob {
  return { inputFile: input, password, outputFile: output, decrypt: '' };
}

/** "1,2,3,5" -> "1-3,5": qpdf page-range syntax, short even for long lists. */
export function compactPageList(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    parts.push(start === sorted[i] ? `${start}` : `${start}-${sorted[i]}`);
  }
  return parts.join(',');
}

/** One page to an image file `<outputBase>.ppm|.pgm|.jpg` (pdftoppm's PNG writer is slow; sharp encodes PNG). */
export function pdftoppm(opts: {
  input: string;
  outputBase: string;
  page: number;
  dpi: number;
  format: 'ppm' | 'gray' | 'jpeg';
  jpegQuality?: number;
}): CommandSpec {
  const format =
    opts.format === 'jpeg' ? ['-jpeg', '-jpegopt', `quality=${opts.jpegQuality ?? 85}`] : opts.format === 'gray' ? ['-gray'] : [];
  const page = String(opts.page);
  return {
    command: 'pdftoppm',
    args: ['-f', page, '-l', page, '-r', String(opts.dpi), '-singlefile', ...format, opts.input, opts.outputBase],
  };
}

/** Pages first..last in grey, one `<outputBase>-<n>.pgm` each: at low dpi a process per page costs more than its rendering. */
export function pdftoppmGrayRange(opts: { input: string; outputBase: string; first: number; last: number; dpi: number }): CommandSpec {
  return { command: 'pdftoppm', args: ['-f', String(opts.first), '-l', String(opts.last), '-r', String(opts.dpi), '-gray', opts.input, opts.outputBase] };
}

export function pdftotext(input: string, output: string, mode: 'reading' | 'layout' | 'bbox'): CommandSpec {
  const modeArgs = mode === 'layout' ? ['-layout'] : mode === 'bbox' ? ['-bbox-layout'] : [];
  return { command: 'pdftotext', args: ['-enc', 'UTF-8', ...modeArgs, input, output] };
}

/** A text-only PDF (invisible text, no image) of one page image; OpenMP off so N pages use N cores, not N^2 threads. */
export function tesseractTextLayer(image: string, outputBase: string, language: string, dpi: number): CommandSpec {
  return {
    command: 'tesseract',
    args: [image, outputBase, '-l', language, '--dpi', String(dpi), '-c', 'textonly_pdf=1', 'pdf'],
    env: { OMP_THREAD_LIMIT: '1' },
  };
}

/**
 * The image engine (reencode-main.ts) on a batch file it waits for, re-encoding `lanes` images at once:
 * this Node (see node-program.ts), and a libuv pool with a thread for each lane.
 */
export function imageEngine(batch: string, lanes: number): CommandSpec {
  const program = nodeProgram('./reencode-main.ts', [batch, String(lanes)]);
  return { ...program, env: { ...program.env, UV_THREADPOOL_SIZE: String(Math.max(4, lanes)) } };
}

/** The edit tool's images (edit-images-main.ts): each `[input, outputBase]` checked against `maxPixels`, then decoded. */
export function editImagesEngine(maxPixels: number, images: readonly (readonly [string, string])[]): CommandSpec {
  return nodeProgram('./edit-images-main.ts', [String(maxPixels), ...images.flat()]);
}

/** The print engine (print-main.ts) on its job file: this Node (see node-program.ts). */
export function printEngine(job: string): CommandSpec {
  return nodeProgram('./print-main.ts', [job]);
}

/** Adobe's tx from Debian's afdko-bin, which installs it off PATH. */
export const TX = '/usr/libexec/afdko/tx';

/** A Type 1 font program to CFF, keeping its glyph order, names, encoding and hints. */
export function txToCff(input: string, output: string): CommandSpec {
  return { command: TX, args: ['-cff', '+b', input, output] };
}

export function tesseractListLanguages(): CommandSpec {
  return { command: 'tesseract', args: ['--list-langs'], env: { OMP_THREAD_LIMIT: '1' } };
}

const SOFFICE_COMMON = ['--headless', '--invisible', '--nologo', '--norestore', '--nodefault', '--nolockcheck', '--nofirststartwizard'];

const profileArg = (profileDir: string) => `-env:UserInstallation=file://${encodeURI(profileDir)}`;

/** A warm LibreOffice listening on a local pipe (no TCP port, so it works without a network). */
export function sofficeListener(profileDir: string, pipeName: string, program = 'soffice'): CommandSpec {
  return {
    command: program,
    args: [profileArg(profileDir), ...SOFFICE_COMMON, `--accept=pipe,name=${pipeName};urp;StarOffice.ComponentContext`],
  };
}

export interface OfficeFilters {
  import: string;
  export: string;
}

/** The cold fallback: one LibreOffice process per document, with its own profile and the filter we chose. */
export function sofficeConvert(profileDir: string, input: string, outDir: string, filters: OfficeFilters): CommandSpec {
  const infilter = filters.import === 'Text (encoded)' ? `${filters.import}:UTF8` : filters.import;
  return {
    command: 'soffice',
    args: [profileArg(profileDir), ...SOFFICE_COMMON, `--infilter=${infilter}`, '--convert-to', `pdf:${filters.export}`, '--outdir', outDir, input],
  };
}

/**
 * The UNO client of a warm listener, started with it and living as long: it waits for the listener's
 * pipe (LibreOffice takes a second or two to start), then converts what the pool sends over its socket.
 */
export function unoDriver(script: string, pipeName: string, socket: string, connectTimeoutSeconds: number): CommandSpec {
  return { command: 'python3', args: [script, '--pipe', pipeName, '--socket', socket, '--connect-timeout', String(connectTimeoutSeconds)] };
}
