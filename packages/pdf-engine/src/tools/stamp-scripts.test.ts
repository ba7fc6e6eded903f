import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../test/fixtures.ts';
import { file, pdfText, workspace, type Workspace } from '../test/harness.ts';

/** Watermarks and page numbers in every script our users write, read back by pdftotext. */

let ws: Workspace;
let two: Buffer;
beforeAll(async () => {
  ws = await workspace();
  two = await textPdf(2);
});
afterAll(() => ws.dispose());

const SCRIPTS = [
  { script: 'Latin with accents', text: 'Café crème à déjà vu', font: 'NotoSans' },
  { script: 'Greek', text: 'Εμπιστευτικό έγγραφο', font: 'NotoSans' },
  { script: 'Vietnamese', text: 'Tài liệu mật của người Việt', font: 'NotoSans' },
  { script: 'Simplified Chinese', text: '机密文件草稿', font: 'NotoSansSC' },
  { script: 'Traditional Chinese', text: '機密文件草稿', font: 'NotoSans' }, // SC or TC: the text alone does not say which forms the user wants
  { script: 'Arabic', text: 'وثيقة سرية للغاية', font: 'NotoNaskhArabic' },
  { script: 'Gurmukhi', text: 'ਗੁਪਤ ਦਸਤਾਵੇਜ਼', font: 'NotoSansGurmukhi' },
] as const;

/** pdftotext marks right-to-left lines with bidi controls and may write Arabic presentation forms. */
const readable = (text: string) => text.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '').normalize('NFKC');

/** Fonts as pdffonts lists them: name, and whether embedded and subset. */
function fonts(path: string) {
  return execFileSync('pdffonts', [path], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      return { name: columns[0]!, embedded: columns.at(-5) === 'yes', subset: columns.at(-4) === 'yes' };
    });
}

const fontFileSize = (path: string) => statSync(createRequire(import.meta.url).resolve(path)).size;

describe('stamps in every script', () => {
  for (const { script, text, font } of SCRIPTS) {
    it(`watermarks and numbers pages in ${script}`, async () => {
      const [watermarked] = await ws.run('watermark', [file('r.pdf', two)], { text, angle: 0, position: 'top', fontSize: 24 });
      const [numbered] = await ws.run('page-numbers', [file('r.pdf', two)], { format: `${text} {n}/{total}` });
      for (const out of [watermarked!, numbered!]) {
        const extracted = readable(pdfText(out.path));
        expect(extracted.split(readable(text)).length - 1, extracted).toBe(2);
        const stamped = fonts(out.path).filter((f) => f.name.includes('Noto'));
        expect(stamped.length).toBeGreaterThan(0);
        for (const f of stamped) {
          expect(f.name).toMatch(/^[A-Z]{6}\+Noto/);
          expect(f).toMatchObject({ embedded: true, subset: true });
        }
        expect(stamped.map((f) => f.name).join(' ')).toContain(font);
      }
      expect(readable(pdfText(numbered!.path))).toContain(`${readable(text)} 2/2`);
    });
  }

  it('embeds subsets far smaller than the font files', async () => {
    const [out] = await ws.run('watermark', [file('r.pdf', two)], { text: '机密文件 وثيقة Draft', angle: 0 });
    const added = statSync(out!.path).size - two.length;
    expect(added).toBeLessThan(fontFileSize('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf') / 50);
    expect(added).toBeLessThan(fontFileSize('@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf'));
  });

  it('keeps Latin and Arabic in one line, the Arabic in reading order', async () => {
    const text = 'Invoice فاتورة رقم 42 paid';
    const [out] = await ws.run('watermark', [file('r.pdf', two)], { text, angle: 0, position: 'bottom', fontSize: 20 });
    const extracted = readable(pdfText(out!.path));
    expect(extracted).toContain('Invoice');
    expect(extracted).toContain('paid');
    expect(extracted).toContain('فاتورة رقم');
    expect(extracted).toContain('42');
    const names = fonts(out!.path).map((f) => f.name).join(' ');
    expect(names).toContain('NotoSans-');
    expect(names).toContain('NotoNaskhArabic');
  });

  it('still refuses control characters in stamped text', async () => {
    expect(await ws.fail('watermark', [file('r.pdf', two)], { text: 'two\nlines' })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('page-numbers', [file('r.pdf', two)], { format: 'x'.repeat(101) + '{n}' })).toBe('VALIDATION_FAILED');
  });
});
