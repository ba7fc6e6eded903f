import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../test/fixtures.ts';
import { statedPageCount } from './page-count.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wattle-page-count-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The file qpdf writes from `bytes` with these arguments. */
async function throughQpdf(bytes: Buffer, ...args: string[]): Promise<Buffer> {
  await writeFile(join(dir, 'in.pdf'), bytes);
  execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
  return readFile(join(dir, 'out.pdf'));
}

describe('statedPageCount', () => {
  it('reads the page tree root, in plain objects and in object streams', async () => {
    expect(statedPageCount(await textPdf(7))).toBe(7);
    const doc = await PDFDocument.load(await textPdf(12));
    const packed = Buffer.from(await doc.save({ useObjectStreams: true }));
    expect(packed.includes('/ObjStm')).toBe(true);
    expect(statedPageCount(packed)).toBe(12);
    expect(statedPageCount(await throughQpdf(await textPdf(3), '--object-streams=generate'))).toBe(3);
  });

  it('reads a root whose kids list runs long before its /Type', async () => {
    const flat = await throughQpdf(await textPdf(1500));
    expect(flat.toString('latin1')).toMatch(/\/Count 1500 \/Kids \[[^\]]{5000,}\] \/Type \/Pages/);
    expect(statedPageCount(flat)).toBe(1500);
  });

  it('answers undefined rather than guess: no root, or roots that disagree', async () => {
    expect(statedPageCount(Buffer.from('%PDF-1.4 nothing'))).toBeUndefined();
    const one = await textPdf(2);
    const edited = Buffer.concat([one, Buffer.from('\n99 0 obj\n<< /Type /Pages /Kids [] /Count 5 >>\nendobj\n')]);
    expect(statedPageCount(edited)).toBeUndefined();
  });
});
