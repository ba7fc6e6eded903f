import { tmpdir } from 'node:os';
import type { ToolId } from '@wattle/shared';
import { withJobDir } from './job-dir.ts';
import { tesseractListLanguages, TX } from './process/commands.ts';
import { runCommand, type CommandSpec } from './process/run-command.ts';
import { findExecutable } from './process/which.ts';

export type Binary = 'qpdf' | 'pdftoppm' | 'pdftotext' | 'tesseract' | 'soffice';

export interface BinaryStatus {
  available: boolean;
  version?: string;
}

export interface EngineReport {
  qpdf: BinaryStatus;
  pdftoppm: BinaryStatus;
  pdftotext: BinaryStatus;
  tesseract: BinaryStatus & { languages: string[] };
  soffice: BinaryStatus;
  /** Adobe's tx: compress rewrites Type 1 fonts as CFF with it (else they stay as they are). */
  tx: BinaryStatus;
  /** python3 with the uno module: LibreOffice can be kept warm (else cold conversions). */
  uno: BinaryStatus;
  /** `unshare --net` works here: converters run with no network at all. */
  networkIsolation: boolean;
}

/** Binaries each tool cannot run without (pdf-lib and sharp are in-process; qpdf is optional where pdf-lib can stand in). */
const REQUIRED: Record<ToolId, readonly Binary[]> = {
  merge: ['qpdf'],
  split: ['qpdf'],
  organize: [],
  rotate: ['qpdf'],
  'extract-pages': [],
  'remove-pages': [],
  compress: [],
  repair: [],
  'image-to-pdf': [],
  'blank-pdf': [],
  'text-to-pdf': [],
  'office-to-pdf': ['soffice'],
  'pdf-to-image': ['pdftoppm'],
  'pdf-to-word': [],
  'pdf-to-excel': [],
  'pdf-to-powerpoint': [],
  'pdf-to-text': ['pdftotext'],
  ocr: ['pdftoppm', 'tesseract'],
  watermark: [],
  'page-numbers': [],
  'header-footer': [],
  bates: [],
  'n-up': [],
  crop: ['pdftoppm'],
  'remove-blank-pages': ['pdftotext', 'pdftoppm'],
  'image-watermark': [],
  'add-attachments': [],
  'extract-attachments': [],
  'edit-metadata': [],
  flatten: [],
  edit: [],
  protect: ['qpdf'],
  unlock: ['qpdf'],
  sanitize: ['qpdf'],
  redact: ['pdftotext', 'pdftoppm', 'qpdf'],
  compare: ['pdftotext', 'pdftoppm'],
  'pdf-to-pdfa': ['qpdf'],
  'html-to-pdf': [],
  'email-to-pdf': [],
  'validate-pdfa': [],
};

/** The binaries a tool needs that this machine lacks; empty when the tool can run. */
export function missingEngines(toolId: ToolId, report: EngineReport): Binary[] {
  return REQUIRED[toolId].filter((binary) => !report[binary].available);
}

let cached: Promise<EngineReport> | undefined;

/** Which engines are installed; probed once per process (cheap: version flags only), `refresh` to probe again. */
export function detectEngines(options: { refresh?: boolean } = {}): Promise<EngineReport> {
  if (!cached || options.refresh) cached = probe();
  return cached;
}

async function probe(): Promise<EngineReport> {
  return withJobDir(tmpdir(), async (dir) => {
    const attempt = async (spec: CommandSpec) => {
      if (!findExecutable(spec.command)) return undefined;
      try {
        const result = await runCommand(spec, { cwd: dir, timeoutMs: 15_000 });
        return result.exitCode === 0 ? `${result.stdout}${result.stderr}` : undefined;
      } catch {
        return undefined;
      }
    };
    const status = (output: string | undefined, pattern: RegExp): BinaryStatus =>
      output === undefined ? { available: false } : { available: true, version: pattern.exec(output)?.[1] };

    const [qpdf, pdftoppm, pdftotext, tesseract, languages, uno, isolation, tx] = await Promise.all([
      attempt({ command: 'qpdf', args: ['--version'] }),
      attempt({ command: 'pdftoppm', args: ['-v'] }),
      attempt({ command: 'pdftotext', args: ['-v'] }),
      attempt({ command: 'tesseract', args: ['--version'], env: { OMP_THREAD_LIMIT: '1' } }),
      attempt(tesseractListLanguages()),
      attempt({ command: 'python3', args: ['-c', 'import uno'] }),
      attempt({ command: 'unshare', args: ['--net', '--', 'true'] }),
      attempt({ command: TX, args: ['-v'] }),
    ]);
    const versionPattern = /version (\d[\w.]*)/;
    return {
      qpdf: status(qpdf, versionPattern),
      pdftoppm: status(pdftoppm, versionPattern),
      pdftotext: status(pdftotext, versionPattern),
      tesseract: {
        ...status(tesseract, /tesseract (\d[\w.]*)/),
        languages: (languages ?? '').split('\n').slice(1).map((l) => l.trim()).filter((l) => /^[a-z_]+$/.test(l) && l !== 'osd'),
      },
      soffice: { available: findExecutable('soffice') !== undefined },
      tx: status(tx, /tx\s+(\d[\w.]*)/),
      uno: { available: uno !== undefined },
      networkIsolation: isolation !== undefined,
    };
  });
}
