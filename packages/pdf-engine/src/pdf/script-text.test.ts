import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutFeatures, parsedFont } from './fonts.ts';
import { drawScriptText, measureScriptText, type ScriptTextStyle } from './script-text.ts';

let dir: string;
let saved = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wattle-script-text-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Each line drawn on its own row of an A4 page (a second page repeats them); the saved file's path. */
async function drawn(lines: string[], style: ScriptTextStyle = {}, pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    for (const [i, line] of lines.entries()) await drawScriptText(doc, page, line, { x: 40, y: 780 - i * 40, size: 18, ...style });
  }
  const path = join(dir, `drawn-${++saved}.pdf`);
  await writeFile(path, await doc.save());
  return path;
}

const extracted = (path: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .normalize('NFKC');
const fontNames = (path: string) =>
  execFileSync('pdffonts', [path], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]!);

describe('drawScriptText', () => {
  it('embeds one subset of each face per document, however often it is used', async () => {
    const path = await drawn(['First line', 'مرحبا بكم', 'Second line', 'أهلا'], {}, 2);
    const names = fontNames(path);
    expect(names).toHaveLength(2);
    expect(names.filter((name) => /^[A-Z]{6}\+NotoSans-Regular$/.test(name))).toHaveLength(1);
    expect(names.filter((name) => /^[A-Z]{6}\+NotoNaskhArabic-Regular$/.test(name))).toHaveLength(1);
  });

  it('keeps a left-to-right line with an Arabic phrase in reading order', async () => {
    // (pdftotext orders a line by the page's main direction: here Latin.)
    const line = extracted(await drawn(['Invoice number فاتورة ضريبية was paid in full'])).split('\n').find((text) => text.includes('Invoice')) ?? '';
    expect(line.indexOf('فاتورة ضريبية')).toBeGreaterThan(line.indexOf('Invoice'));
    expect(line.indexOf('paid')).toBeGreaterThan(line.indexOf('فاتورة ضريبية'));
  });

  it('reads Gurmukhi with a vowel sign drawn before its consonant in the order it is written', async () => {
    expect(extracted(await drawn(['ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ']))).toContain('ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ');
  });

  it('draws bold and italic faces, slanting scripts that have no italic', async () => {
    const names = fontNames(await drawn(['Bold italic words', 'نص مائل'], { bold: true, italic: true }));
    expect(names.some((name) => name.endsWith('+NotoSans-BoldItalic'))).toBe(true);
    expect(names.some((name) => name.endsWith('+NotoNaskhArabic-Bold'))).toBe(true);
  });

  it('draws Han characters in traditional forms when asked', async () => {
    const path = await drawn(['繁體中文'], { han: 'traditional' });
    expect(fontNames(path).some((name) => name.includes('NotoSansTC'))).toBe(true);
    expect(extracted(path)).toContain('繁體中文');
  });

  it('shapes Arabic into contextual forms', async () => {
    const font = await parsedFont('arabic');
    const word = 'بيت';
    const isolated = [...word].map((char) => font.glyphForCodePoint(char.codePointAt(0)!).id);
    const shaped = font.layout(word, layoutFeatures('arabic')).glyphs;
    // Initial, medial and final forms, none of them the isolated letter, laid out right to left.
    expect(shaped.map((glyph) => glyph.id).filter((id) => isolated.includes(id))).toEqual([]);
    expect(shaped.map((glyph) => glyph.codePoints).flat()).toEqual([...word].reverse().map((char) => char.codePointAt(0)));
  });
});

describe('measureScriptText', () => {
  it('gives the width of each run together, and the tallest and deepest of the fonts used', async () => {
    const doc = await PDFDocument.create();
    const latin = await measureScriptText(doc, 'Hello ', 20);
    const mixed = await measureScriptText(doc, 'Hello 中文', 20);
    const han = await measureScriptText(doc, '中文', 20);
    expect(mixed.width).toBeCloseTo(latin.width + han.width, 5);
    expect(mixed.ascent).toBe(Math.max(latin.ascent, han.ascent));
    expect(latin.ascent).toBeGreaterThan(0);
    expect(latin.descent).toBeGreaterThan(0);
    expect((await measureScriptText(doc, 'Hello', 20, { bold: true })).width).toBeGreaterThan((await measureScriptText(doc, 'Hello', 20)).width);
    expect((await measureScriptText(doc, '', 20)).width).toBe(0);
    expect((await measureScriptText(doc, 'Hello', 40)).width).toBeCloseTo(2 * (await measureScriptText(doc, 'Hello', 20)).width, 5);
  });
});
