import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOL_IDS } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngines, missingEngines, type EngineReport } from './engines.ts';
import { ENGINE_ERROR_CODES } from './errors.ts';
import { OPERATIONS } from './operations.ts';
import { inspectPdf } from './pdf/inspect.ts';
import { liveCommandCount } from './process/run-command.ts';
import { runTool } from './run-tool.ts';
import { flateBombPdf, imageOnlyPdf, textPdf, truncated } from './test/fixtures.ts';
import { childProcesses } from './test/harness.ts';
import { ERROR_CATALOGUE } from '@wattle/shared';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wattle-runtool-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function input(name: string, bytes: Buffer) {
  const path = join(root, `${name}-${Math.random().toString(36).slice(2)}`);
  await writeFile(path, bytes);
  return { path, filename: name };
}

describe('registry and engine', () => {
  it('has exactly one operation per registry tool', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...TOOL_IDS].sort());
  });

  it('uses only codes of the shared error catalogue', () => {
    for (const code of ENGINE_ERROR_CODES) expect(Object.keys(ERROR_CATALOGUE)).toContain(code);
  });

  it('finds every engine this machine has, with the OCR languages', async () => {
    const report = await detectEngines();
    expect(report).toMatchObject({ qpdf: { available: true }, pdftoppm: { available: true }, pdftotext: { available: true }, soffice: { available: true }, uno: { available: true } });
    expect(report.tesseract.languages).toEqual(expect.arrayContaining(['eng', 'chi_sim', 'chi_tra', 'ara', 'vie', 'pan', 'ell', 'ita']));
    expect(await detectEngines()).toBe(report); // cached
    for (const id of TOOL_IDS) expect(missingEngines(id, report)).toEqual([]);
  });

  it('names the missing engine of a tool', async () => {
    const report: EngineReport = { ...(await detectEngines()), tesseract: { available: false, languages: [] } };
    expect(missingEngines('ocr', report)).toEqual(['tesseract']);
    expect(missingEngines('merge', report)).toEqual([]);
  });
});

describe('inspectPdf', () => {
  it('counts pages and sees encryption and damage', async () => {
    expect(await inspectPdf((await input('a.pdf', await textPdf(3))).path)).toEqual({ pages: 3, encrypted: false, passwordRequired: false, damaged: false });
    expect(await inspectPdf((await input('t.pdf', truncated(await textPdf(10), 0.7))).path)).toMatchObject({ damaged: true });
    await expect(inspectPdf((await input('b.pdf', await flateBombPdf(1))).path)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await expect(inspectPdf((await input('c.pdf', Buffer.from('%PDF-1.4 nothing'))).path)).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
  });
});

describe('runTool', () => {
  const dirs = async () => {
    const work = join(root, `work-${Math.random().toString(36).slice(2)}`);
    const out = join(root, `out-${Math.random().toString(36).slice(2)}`);
    await mkdir(out, { recursive: true });
    return { workDir: work, outputDir: out };
  };

  it('reports progress up to 1, never backwards', async () => {
    const seen: number[] = [];
    await runTool('split', { inputs: [await input('r.pdf', await textPdf(4))], options: { mode: 'every', every: 1 }, ...(await dirs()), onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('refuses unknown tools and invalid options with field details', async () => {
    await expect(runTool('nope' as never, { inputs: [], options: {}, ...(await dirs()) })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(runTool('pdf-to-image', { inputs: [await input('r.pdf', await textPdf(1))], options: { dpi: 5000 }, ...(await dirs()) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'dpi', message: expect.any(String) }] },
    });
  });

  it('stops engines at once when aborted, leaving nothing behind', async () => {
    const controller = new AbortController();
    const { workDir, outputDir } = await dirs();
    const job = runTool('ocr', { inputs: [await input('s.pdf', await imageOnlyPdf('Cancel me'))], options: {}, workDir, outputDir, signal: controller.signal, onProgress: () => {} });
    // Cancelled while one of the job's engines runs (its dir made, engines detected), however fast this machine is.
    const watch = setInterval(() => existsSync(workDir) && childProcesses().length > 0 && controller.abort(new Error('cancelled by user')), 5);
    try {
      await expect(job).rejects.toThrow('cancelled by user');
    } finally {
      clearInterval(watch);
    }
    expect(await readdir(workDir)).toEqual([]);
    expect(liveCommandCount()).toBe(0);
    expect(childProcesses()).toEqual([]);
  });

  it('answers ENGINE_TIMEOUT when an engine runs past its limit, and the next job still runs', async () => {
    const pdf = await input('s.pdf', await imageOnlyPdf('Slow page'));
    await expect(runTool('ocr', { inputs: [pdf], options: {}, ...(await dirs()), limits: { processTimeoutMs: 50 } })).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    expect(childProcesses()).toEqual([]);
    const [out] = await runTool('pdf-to-text', { inputs: [pdf], options: {}, ...(await dirs()) });
    expect(out!.filename).toBe('s.txt');
  });
});
