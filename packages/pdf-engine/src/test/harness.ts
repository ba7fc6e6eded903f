import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { TOOLS, type ToolId } from '@wattle/shared';
import { expect } from 'vitest';
import type { ToolOutput } from '../context.ts';
import { EngineError, type EngineErrorCode } from '../errors.ts';
import type { EngineLimits } from '../limits.ts';
import { launcherPid } from '../process/launcher.ts';
import { liveCommandCount } from '../process/run-command.ts';
import { runTool } from '../run-tool.ts';

/** Every registry tool that takes a PDF, and options that make each run on any 1-page PDF. */
export const PDF_TOOLS = TOOLS.filter((t) => t.accepts.includes('pdf' as never)).map((t) => t.id);

export const OPTIONS: Partial<Record<ToolId, unknown>> = {
  split: { mode: 'every', every: 1 },
  organize: { order: '1' },
  rotate: { angle: 90 },
  'extract-pages': { pages: '1' },
  'remove-pages': { pages: '1' },
  'pdf-to-image': { dpi: 72 },
  watermark: { text: 'X' },
  'header-footer': { bottomCenter: 'Page {n} of {total}' },
  crop: { cropTo: 'margins', top: 1 },
  'edit-metadata': { title: 'T' },
  protect: { userPassword: 'x' },
  unlock: { password: '' },
  // An area always has something to remove, so every file is redacted, not refused as NOTHING_TO_REDACT.
  redact: { areas: [{ page: 1, x: 0, y: 0, width: 50, height: 50 }], text: ['the'], presets: ['email'] },
  edit: {
    operations: [
      { type: 'text', page: 1, x: 1, y: 1, text: 'Edited' },
      { type: 'rectangle', page: 1, x: 1, y: 1, width: 20, height: 10, stroke: '#000000' },
      { type: 'highlight', page: 1, rects: [{ x: 1, y: 1, width: 20, height: 10 }] },
      { type: 'note', page: 1, x: 1, y: 1, text: 'Note' },
      { type: 'rotate-page', page: 1, angle: 90 },
    ],
  },
};

/** A 1×1 PNG: the image an image watermark places, or a file to attach. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The files a tool runs on for one PDF: merge takes it twice, some tools need a file beside it. */
export function filesFor(tool: ToolId, pdf: { name: string; bytes: Buffer }): { name: string; bytes: Buffer }[] {
  if (tool === 'merge' || tool === 'compare') return [pdf, { ...pdf, name: `b-${pdf.name}` }];
  if (tool === 'image-watermark' || tool === 'add-attachments') return [pdf, { name: 'pixel.png', bytes: PIXEL_PNG }];
  return [pdf];
}

export interface Workspace {
  root: string;
  /** Runs a tool on in-memory files; asserts nothing is left behind (job dir, processes). */
  run(tool: ToolId, files: { name: string; bytes: Buffer }[], options?: unknown, limits?: Partial<EngineLimits>): Promise<ToolOutput[]>;
  /** Like run, but expects an EngineError and returns its code. */
  fail(tool: ToolId, files: { name: string; bytes: Buffer }[], options?: unknown, limits?: Partial<EngineLimits>): Promise<EngineErrorCode>;
  dispose(): Promise<void>;
}

export async function workspace(): Promise<Workspace> {
  const root = await mkdtemp(join(tmpdir(), 'wattle-engine-test-'));
  let n = 0;
  const run: Workspace['run'] = async (tool, files, options, limits) => {
    const id = ++n;
    const inputs = join(root, `in-${id}`);
    const work = join(root, `work-${id}`);
    const out = join(root, `out-${id}`);
    await Promise.all([mkdir(inputs), mkdir(work), mkdir(out)]);
    const paths = await Promise.all(
      files.map(async (f, i) => {
        const path = join(inputs, `upload-${i}`);
        await writeFile(path, f.bytes);
        return { path, filename: f.name };
      }),
    );
    try {
      return await runTool(tool, { inputs: paths, options: options ?? {}, workDir: work, outputDir: out, limits });
    } finally {
      expect(await readdir(work), 'job temp dir left behind').toEqual([]);
      expect(liveCommandCount() - warmOfficeProcesses(), 'engine processes left running').toBe(0);
    }
  };
  return {
    root,
    run,
    async fail(tool, files, options, limits) {
      const error = await run(tool, files, options, limits).then(
        (outputs) => {
          throw new Error(`expected ${tool} to fail, it produced ${outputs.map((o) => o.filename).join(', ')}`);
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EngineError);
      return (error as EngineError).code;
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** Engines kept warm on purpose: LibreOffice listeners and their UNO drivers (office/driver.ts). */
export function warmOfficeProcesses(): number {
  return childProcesses().filter((c) => /oosplash|soffice/.test(c.command) || (c.command === 'python3' && readFileSync(`/proc/${c.pid}/cmdline`, 'latin1').includes('convert.py'))).length;
}

/** A process as /proc/<pid>/stat tells it, or undefined once it has gone. */
export function processStat(pid: number | string): ReturnType<typeof parseProcessStat> | undefined {
  try {
    return parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return undefined;
  }
}

/** The fields we read of a /proc/<pid>/stat text (an engine may print its own); `policy` 0 is the normal one, 5 SCHED_IDLE. */
export function parseProcessStat(stat: string) {
  const close = stat.lastIndexOf(')'); // the command may hold spaces and brackets
  const fields = stat.slice(close + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, close),
    state: fields[0]!,
    ppid: Number(fields[1]),
    group: Number(fields[2]),
    session: Number(fields[3]),
    nice: Number(fields[16]),
    policy: Number(fields[38]),
  };
}

/** The children of `parent`, from /proc: by default the engines this process started, the engine launcher's (launcher.ts). */
export function childProcesses(parent = launcherPid()): { pid: number; command: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      const stat = processStat(entry);
      return stat && stat.ppid === parent ? [{ pid: Number(entry), command: stat.command }] : [];
    });
}

export async function pdfOf(output: ToolOutput): Promise<PDFDocument> {
  return PDFDocument.load(await readFile(output.path), { updateMetadata: false });
}

/** First text line of each page as pdftotext reads it. */
export function pageTexts(path: string): string[] {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
    .map((page) => page.trim().split('\n')[0] ?? '');
}

export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

export const file = (name: string, bytes: Buffer) => ({ name, bytes });
