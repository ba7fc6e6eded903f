import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junkPrepended, scanPdf, textPdf, truncated, withoutXref } from '../test/fixtures.ts';
import { file, pageTexts, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let scan: Buffer;
let text: Buffer;
beforeAll(async () => {
  ws = await workspace();
  scan = await scanPdf(2, 200);
  text = await textPdf(20, { words: (n) => `Plain text page ${n} `.repeat(5) });
});
afterAll(() => ws.dispose());

const images = (path: string) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);

describe('compress', () => {
  it('makes a scan much smaller and keeps its pages', async () => {
    const [out] = await ws.run('compress', [file('scan.pdf', scan)], { level: 'medium' });
    expect(out).toMatchObject({ filename: 'scan-compressed.pdf', pages: 2 });
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(out!.path));
    expect(size).toBeLessThan(scan.length * 0.6);
    const list = images(out!.path);
    expect(list).toHaveLength(2);
    // 200-dpi A4 scans brought down to 150 dpi: 1240 x 1754.
    expect(list[0]).toMatch(/\s1240\s+1754\s+rgb/);
  });

  it('higher levels and greyscale compress further', async () => {
    const [medium] = await ws.run('compress', [file('scan.pdf', scan)], { level: 'medium' });
    const [high] = await ws.run('compress', [file('scan.pdf', scan)], { level: 'high', grayscale: true });
    const fs = await import('node:fs/promises');
    expect((await fs.stat(high!.path)).size).toBeLessThan((await fs.stat(medium!.path)).size);
    expect(images(high!.path)[0]).toMatch(/\sgray\s/);
  });

  it('never returns a larger file (text PDF)', async () => {
    for (const level of ['low', 'medium', 'high'] as const) {
      const [out] = await ws.run('compress', [file('text.pdf', text)], { level });
      const { size } = await import('node:fs/promises').then((fs) => fs.stat(out!.path));
      expect(size).toBeLessThanOrEqual(text.length);
      expect(out!.pages).toBe(20);
    }
  });
});

describe('repair', () => {
  it.each([
    ['truncated', () => truncated(text, 0.8)],
    ['without xref', () => withoutXref(text)],
    ['junk prepended', () => junkPrepended(text)],
  ])('rebuilds a PDF %s with all its pages', async (_name, damage) => {
    const [out] = await ws.run('repair', [file('broken.pdf', damage())]);
    expect(out!.filename).toBe('broken-repaired.pdf');
    expect(out!.pages).toBeGreaterThan(0);
    expect(pageTexts(out!.path)[0]).toBe('Page 1');
  });

  it('answers PDF_CORRUPT for a file nothing can read', async () => {
    expect(await ws.fail('repair', [file('x.pdf', Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(100)))])).toBe('PDF_CORRUPT');
  });
});
