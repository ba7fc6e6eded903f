import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ToolId } from '@wattle/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, type EngineErrorCode } from '../errors.ts';
import { closeOfficePool } from '../office/pool.ts';
import { liveCommandCount } from '../process/run-command.ts';
import { filterArray, FILTER_CHAINS } from '../test/encoders.ts';
import { barsContent, flateBombPdf, giantImagePdf, junkPrepended, pageThroughFilters, pixelFloodPng, textPdf, truncated, withoutXref } from '../test/fixtures.ts';
import { childProcesses, file, filesFor, OPTIONS, PDF_TOOLS, workspace, type Workspace } from '../test/harness.ts';

/**
 * Every hostile input of the security guide through every PDF tool: each run ends in a coded
 * EngineError or a valid output; never an uncaught crash, a leftover temp dir or process.
 */

const DAMAGED: EngineErrorCode[] = ['PDF_CORRUPT', 'VALIDATION_FAILED'];
/** What a tool may find missing in what is left of a damaged file: no attachments here, no page with anything on it. */
const LACKING: Partial<Record<ToolId, EngineErrorCode[]>> = { 'extract-attachments': ['NO_ATTACHMENTS'], 'remove-blank-pages': ['EVERY_PAGE_BLANK'], 'pdf-to-pdfa': ['PDFA_FONTS_NOT_EMBEDDED'] };

let ws: Workspace;
const inputs: Record<string, Buffer> = {};
beforeAll(async () => {
  ws = await workspace();
  const good = await textPdf(2);
  const flipped = Buffer.from(good);
  for (let i = Math.floor(flipped.length / 3); i < flipped.length; i += 97) flipped[i] = flipped[i]! ^ 0xff;
  const dir = await mkdtemp(join(tmpdir(), 'wattle-hostile-'));
  await writeFile(join(dir, 'good.pdf'), good);
  execFileSync('qpdf', ['--encrypt', 'secret', 'owner', '256', '--', join(dir, 'good.pdf'), join(dir, 'locked.pdf')]);
  const huge = await PDFDocument.create();
  huge.addPage([14_400, 14_400]).drawText('Huge', { x: 100, y: 100, size: 48 });
  Object.assign(inputs, {
    truncated: truncated(good),
    'no xref': withoutXref(good),
    'junk prepended': junkPrepended(good),
    'bytes flipped': flipped,
    encrypted: await readFile(join(dir, 'locked.pdf')),
    'flate bomb': await flateBombPdf(1),
    'ascii85 bomb': await flateBombPdf(1, { ascii85: true }),
    'giant image': giantImagePdf(),
    'huge page': Buffer.from(await huge.save()),
    'not a pdf': await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer(),
  });
  await rm(dir, { recursive: true, force: true });
}, 120_000);
afterAll(async () => {
  await closeOfficePool();
  await ws.dispose();
  expect(liveCommandCount()).toBe(0);
  expect(childProcesses()).toEqual([]);
});

const expected = (variant: string, tool: ToolId): EngineErrorCode[] | 'ok-or' => {
  switch (variant) {
    case 'encrypted':
      return tool === 'unlock' ? ['WRONG_PASSWORD'] : ['PDF_ENCRYPTED'];
    case 'flate bomb':
    case 'ascii85 bomb':
    case 'giant image':
      return ['LIMIT_EXCEEDED'];
    case 'not a pdf':
      // The edit tool also takes images (the ones it places), so an image alone is a job without its PDF.
      return tool === 'edit' ? ['VALIDATION_FAILED'] : ['UNSUPPORTED_FILE_TYPE'];
    default:
      return 'ok-or';
  }
};

describe.each(['truncated', 'no xref', 'junk prepended', 'bytes flipped', 'encrypted', 'flate bomb', 'ascii85 bomb', 'giant image', 'huge page', 'not a pdf'])('%s', (variant) => {
  it.each(PDF_TOOLS)('through %s: a coded error or a valid output', async (tool) => {
    const bytes = inputs[variant]!;
    const files = filesFor(tool, file('input.pdf', bytes));
    const outcome = await ws.run(tool, files, OPTIONS[tool] ?? {}).catch((error: unknown) => error);
    const rule = expected(variant, tool);
    if (outcome instanceof Error) {
      expect(outcome, String(outcome.stack)).toBeInstanceOf(EngineError);
      const allowed = rule === 'ok-or' ? [...DAMAGED, 'LIMIT_EXCEEDED', ...(LACKING[tool] ?? [])] : rule;
      expect(allowed).toContain((outcome as EngineError).code);
      return;
    }
    expect(rule, `${tool} should have refused the ${variant} input`).toBe('ok-or');
    for (const output of outcome as Awaited<ReturnType<Workspace['run']>>) {
      if (output.contentType === 'application/pdf' && tool !== 'protect') {
        expect((await PDFDocument.load(await readFile(output.path))).getPageCount()).toBeGreaterThan(0);
      }
    }
  });
});

describe('decode filter chains', () => {
  // Small budgets keep the bombs small; the 1 GiB ASCII85 bomb above goes through every tool at the defaults.
  const limits = { maxStreamBytes: 1_000_000 };
  it.each(FILTER_CHAINS.map((c) => [filterArray(c.filters), c] as const))('a bomb through %s is refused like the Flate bomb; a legitimate page through it is processed', async (_, chain) => {
    const bomb = await pageThroughFilters(Buffer.alloc(2_000_000), chain.filters, chain.encode);
    expect(await ws.fail('rotate', [file('bomb.pdf', bomb)], { angle: 90 }, limits)).toBe('LIMIT_EXCEEDED');

    const page = await pageThroughFilters(barsContent(5_000), chain.filters, chain.encode);
    const [output] = await ws.run('rotate', [file('bars.pdf', page)], { angle: 90 }, limits);
    expect(qpdfCheck(output!.path)).toBe(0);
    expect((await PDFDocument.load(await readFile(output!.path))).getPageCount()).toBe(1);
  });
});

describe('hostile images', () => {
  it('refuses a pixel flood PNG from its header, before decoding', async () => {
    expect(await ws.fail('image-to-pdf', [file('flood.png', pixelFloodPng())])).toBe('LIMIT_EXCEEDED');
  });

  it('refuses a truncated JPEG with a code', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#abc' } }).jpeg().toBuffer();
    const code = await ws.run('image-to-pdf', [file('cut.jpg', jpeg.subarray(0, 300))]).then(
      () => 'ok',
      (e: unknown) => (e instanceof EngineError ? e.code : 'uncoded'),
    );
    expect(['ok', 'UNSUPPORTED_FILE_TYPE']).toContain(code);
  });
});

const qpdfCheck = (path: string) => spawnSync('qpdf', ['--check', path]).status;
