import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreOfficeReport, mergedWithBaggage, PDFTEX_MANUALS, type1FontPdf } from '../test/born-digital.ts';
import { file, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let dir: string;
let merged: Buffer;
beforeAll(async () => {
  ws = await workspace();
  dir = await mkdtemp(join(tmpdir(), 'born-digital-'));
  merged = await mergedWithBaggage(await libreOfficeReport(dir, 4));
  await writeFile(join(dir, 'merged.pdf'), merged);
}, 120_000);
afterAll(async () => {
  await ws.dispose();
  await rm(dir, { recursive: true, force: true });
});

const LEVELS = ['low', 'medium', 'high'] as const;
const text = (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
const qpdfCheck = (path: string) => spawnSync('qpdf', ['--check', path]).status;
const fontTypes = (path: string) => execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).map((line) => /\s(Type 1C|Type 1|TrueType|CID \S+)\s/.exec(line)?.[1]);
/** Page 1 drawn in grey at 100 dpi (PGM bytes): the same bytes are the same look. */
const drawn = (path: string) => execFileSync('pdftoppm', ['-r', '100', '-gray', '-f', '1', '-l', '1', '-singlefile', path]);
/** Each image's encoded size, as pdfimages lists them. */
const imageSizes = (path: string) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/).at(-2));
const TYPE1_LINES = ['Wattle PDF (Type 1)', 'The quick brown fox jumps over the lazy dog.', 'Ärger über Café 1234567890'];

/** Distinct font programs in the file, and whether any page or the catalog still carries /Thumb or /PieceInfo. */
async function inside(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const programs = new Set<string>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
      for (const k of ['FontFile', 'FontFile2', 'FontFile3']) if (obj.has(PDFName.of(k))) programs.add(obj.get(PDFName.of(k))!.toString());
    }
  }
  const baggage = [doc.catalog, ...doc.getPages().map((p) => p.node)].some((d) => d.has(PDFName.of('Thumb')) || d.has(PDFName.of('PieceInfo')));
  return { distinctFontPrograms: programs.size, baggage };
}

describe('compress on born-digital PDFs', () => {
  it.each(LEVELS)('merged exports (%s): duplicates kept once, thumbnails and private data gone, text unchanged', async (level) => {
    const before = await inside(merged);
    expect(before.baggage).toBe(true);
    const [out] = await ws.run('compress', [file('merged.pdf', merged)], { level });
    const bytes = readFileSync(out!.path);
    const after = await inside(bytes);
    expect(after.baggage).toBe(false);
    // Each copy brought the same font programs: one of each is left.
    expect(after.distinctFontPrograms).toBe(before.distinctFontPrograms / 2);
    expect(bytes.length).toBeLessThan(merged.length * 0.75);
    expect(text(out!.path)).toBe(text(join(dir, 'merged.pdf')));
    expect(qpdfCheck(out!.path)).toBe(0);
    expect(out!.pages).toBe(8);
  });

  it('leaves images of a few kilobytes as they are: re-encoding them would cost more time than it could save bytes', async () => {
    const [out] = await ws.run('compress', [file('merged.pdf', merged)], { level: 'high' });
    const before = imageSizes(join(dir, 'merged.pdf'));
    expect(before[0]).toMatch(/^\d+B$/);
    expect(new Set(imageSizes(out!.path))).toEqual(new Set(before));
  });

  it('turns images of a few kilobytes grey when asked to', async () => {
    const [out] = await ws.run('compress', [file('merged.pdf', merged)], { level: 'medium', grayscale: true });
    const colours = execFileSync('pdfimages', ['-list', out!.path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/)[5]);
    expect(new Set(colours)).toEqual(new Set(['gray']));
  });

  it('decrypts an owner-locked PDF first, then compresses it like any other', async () => {
    execFileSync('qpdf', ['--encrypt', '', 'owner', '256', '--', join(dir, 'merged.pdf'), join(dir, 'locked.pdf')]);
    const [out] = await ws.run('compress', [file('locked.pdf', readFileSync(join(dir, 'locked.pdf')))], { level: 'medium' });
    expect(spawnSync('qpdf', ['--is-encrypted', out!.path]).status).toBe(2);
    expect((await inside(readFileSync(out!.path))).baggage).toBe(false);
    expect(text(out!.path)).toBe(text(join(dir, 'merged.pdf')));
    expect(out!.pages).toBe(8);
  });

  it.each(LEVELS)('rewrites embedded Type 1 fonts as CFF (%s): far smaller, the same text, drawn the same', async (level) => {
    const original = await type1FontPdf(TYPE1_LINES);
    await writeFile(join(dir, 'type1.pdf'), original);
    expect(fontTypes(join(dir, 'type1.pdf'))).toEqual(['Type 1']);
    const [out] = await ws.run('compress', [file('type1.pdf', original)], { level });
    expect(readFileSync(out!.path).length).toBeLessThan(original.length * 0.6);
    expect(fontTypes(out!.path)).toEqual(['Type 1C']);
    expect(text(out!.path)).toBe(text(join(dir, 'type1.pdf')));
    expect(drawn(out!.path).equals(drawn(join(dir, 'type1.pdf')))).toBe(true);
    expect(qpdfCheck(out!.path)).toBe(0);
  });

  it('keeps a Type 1 font it cannot read as it was, and still compresses the file', async () => {
    const original = await type1FontPdf(TYPE1_LINES);
    const doc = await PDFDocument.load(original, { updateMetadata: false });
    const descriptor = doc.context.enumerateIndirectObjects().map(([, o]) => o).find((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile')))!;
    // A program that is not Type 1 at all: tx refuses it.
    doc.context.assign(descriptor.get(PDFName.of('FontFile')) as never, doc.context.flateStream('%!PS-AdobeFont-1.0: Broken\nnot a font\n', { Length1: 30, Length2: 0, Length3: 0 }));
    const broken = Buffer.from(await doc.save());
    const [out] = await ws.run('compress', [file('broken.pdf', broken)], { level: 'medium' });
    expect(fontTypes(out!.path)).toEqual(['Type 1']);
    expect(out!.pages).toBe(1);
  });

  it.skipIf(PDFTEX_MANUALS.length === 0).each(LEVELS)('a pdfTeX manual (%s) gets smaller, its text unchanged', async (level) => {
    for (const manual of PDFTEX_MANUALS) {
      const original = readFileSync(manual);
      const [out] = await ws.run('compress', [file('manual.pdf', original)], { level });
      expect(readFileSync(out!.path).length).toBeLessThan(original.length);
      expect(text(out!.path)).toBe(text(manual));
      expect(qpdfCheck(out!.path)).toBe(0);
    }
  });
});
