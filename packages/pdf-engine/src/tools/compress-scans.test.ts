import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A4, scanImage, scanPdf } from '../test/fixtures.ts';
import { file, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let scan300: Buffer;
beforeAll(async () => {
  ws = await workspace();
  scan300 = await scanPdf(1, 300);
});
afterAll(() => ws.dispose());

/** One A4 page showing `jpeg` full-page, with a line of real text over it when `text` is given. */
async function pagePdf(jpeg: Buffer, text?: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: A4[0], height: A4[1] });
  if (text) page.drawText(text, { x: 72, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The bytes of every image XObject, in object order. */
async function imageStreams(bytes: Buffer): Promise<Buffer[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => obj)
    .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => Buffer.from(stream.contents));
}

const imageList = (path: string) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
const text = (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });

describe('compress on scans', () => {
  it('leaves an image already at or below the level (dpi and quality) byte for byte', async () => {
    // 100 dpi at quality 60 without chroma subsampling: a medium re-encode (150 dpi, 60, 4:2:0) would save 7%, but must not touch it.
    const [w, h] = [Math.round((A4[0] / 72) * 100), Math.round((A4[1] / 72) * 100)];
    const jpeg = await sharp(await scanImage('Already small', w, h)).jpeg({ quality: 60, chromaSubsampling: '4:4:4' }).toBuffer();
    const [out] = await ws.run('compress', [file('small.pdf', await pagePdf(jpeg))], { level: 'medium' });
    const [image] = await imageStreams(await readFile(out!.path));
    expect(image!.equals(jpeg)).toBe(true);
  });

  it('keeps a Flate image that JPEG would not make 5% smaller, beside a scan it does shrink', async () => {
    const doc = await PDFDocument.create();
    const flat = await sharp({ create: { width: 1654, height: 2339, channels: 3, background: '#1f4e79' } }).png().toBuffer();
    doc.addPage(A4).drawImage(await doc.embedPng(flat), { x: 0, y: 0, width: A4[0], height: A4[1] });
    doc.addPage(A4).drawImage(await doc.embedJpg(await scanImage('Scanned page 2', 1654, 2339)), { x: 0, y: 0, width: A4[0], height: A4[1] });
    const input = Buffer.from(await doc.save());
    const [out] = await ws.run('compress', [file('mixed.pdf', input)], { level: 'medium' });
    expect(imageList(out!.path).map((line) => line.trim().split(/\s+/).slice(3, 5).join('x'))).toEqual(['1654x2339', '1240x1754']);
  });

  it('brings a 300-dpi scan to each level’s resolution', async () => {
    for (const [level, size] of [
      ['low', '1654\\s+2339'],
      ['medium', '1240\\s+1754'],
      ['high', '827\\s+1170'],
    ] as const) {
      const [out] = await ws.run('compress', [file('scan.pdf', scan300)], { level });
      expect(imageList(out!.path)[0], level).toMatch(new RegExp(`\\s${size}\\s+rgb`));
    }
  });

  it('keeps the text over a scan selectable', async () => {
    const input = await pagePdf(await scanImage('Scanned page 1', 2480, 3508), 'Invoice 1001 Wattle Pty Ltd');
    const [out] = await ws.run('compress', [file('invoice.pdf', input)], { level: 'high' });
    expect((await readFile(out!.path)).length).toBeLessThan(input.length / 5);
    const before = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input, encoding: 'utf8' });
    expect(text(out!.path)).toBe(before);
    expect(before).toContain('Invoice 1001 Wattle Pty Ltd');
  });

  it('starts the image engine of a large file before its checks, and stops it when it has no image', async () => {
    const [scan] = await ws.run('compress', [file('scan-4.pdf', await scanPdf(4, 300))], { level: 'medium' });
    expect(imageList(scan!.path).map((line) => line.trim().split(/\s+/).slice(3, 5).join('x'))).toEqual(Array(4).fill('1240x1754'));
    const doc = await PDFDocument.create();
    doc.addPage(A4).drawText('Attached data', { x: 72, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    await doc.attach(randomBytes(9 * 1024 * 1024), 'data.bin', { mimeType: 'application/octet-stream' });
    const [attached] = await ws.run('compress', [file('attached.pdf', Buffer.from(await doc.save()))], { level: 'medium' });
    expect(text(attached!.path)).toContain('Attached data');
  });
});
