import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, workspace, type Workspace } from '../test/harness.ts';
import { withTexUnicode } from '../pdf/type3-text.ts';
import { buildProducerCorpus, type ProducerCorpus } from '../test/producers.ts';
import { previewRedactions } from './redact-preview.ts';

/**
 * Redaction on real producers' files: whatever the target word looks like in the file (hyphenated
 * across a line end, a ligature, capitals, a phrase spaced by kerning, a second font, a Type 3
 * font, over a shading), pdftotext of the result never reads it back, the page's other words stay,
 * and no page becomes a picture.
 */

const TARGETS = ['kestrel', 'Abbildung', 'office', 'flow', 'Quokka', 'code name'];
const KEPT = ['report', 'regional', 'remains', 'firma', 'überblick', 'figures', 'funds', 'team', 'ask'];

/** The text as a reader takes it: compatibility forms (ligatures), soft hyphens gone, hyphenated line ends joined, any case. */
const readerText = (text: string) => text.normalize('NFKC').replace(/\u00ad/g, '').replace(/[-\u2010]\s*\n\s*/g, '').toLowerCase();
/** With no spaces at all, so halves of a word left apart still read as the word. */
const squeezed = (text: string) => readerText(text).replace(/\s+/g, '');
const pdftotext = (input: Buffer) => ['-layout', '-raw', ''].map((mode) => execFileSync('pdftotext', [...(mode ? [mode] : []), '-', '-'], { input }).toString());
/**
 * pdftotext of the file, and of the copy the engine reads when pdfTeX's bitmap fonts are in it
 * (pdf/type3-text.ts): pdftotext alone reads their ligatures as nothing, "office" as "oce", so the
 * word would be neither found nor seen to leak.
 */
async function extracted(path: string): Promise<{ plain: string; asShown: string }> {
  const bytes = await readFile(path);
  const copy = await withTexUnicode(bytes);
  const plain = pdftotext(bytes).join('\n');
  return { plain, asShown: copy ? pdftotext(Buffer.from(copy)).join('\n') : plain };
}
const fonts = (path: string) => execFileSync('pdffonts', [path]).toString();
const streams = (path: string) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, '-']).toString('latin1');
/** Every string of the file's objects (metadata, bookmarks, annotations, fields, attachments' names) and its XMP metadata. */
const otherStrings = (path: string) => execFileSync('qpdf', ['--json=2', '--json-key=qpdf', path]).toString() + execFileSync('pdfinfo', ['-meta', path]).toString();
const imageCount = (path: string) => execFileSync('pdfimages', ['-list', path]).toString().trim().split('\n').length - 2;

let ws: Workspace;
let corpus: ProducerCorpus;

beforeAll(async () => {
  ws = await workspace();
  corpus = await buildProducerCorpus(join(ws.root, 'producers'));
  for (const skip of corpus.skipped) console.log(`skipped ${skip.producer}: ${skip.reason}`);
}, 300_000);
afterAll(() => ws.dispose());

describe('the producers corpus', () => {
  it('has the traps it stands for', async () => {
    const pymupdf = corpus.files.find((f) => f.producer === 'pymupdf');
    if (pymupdf) expect(execFileSync('pdfdetach', ['-list', pymupdf.path]).toString()).toContain('kestrel-figures.txt');
    const pdftex = corpus.files.find((f) => f.producer === 'pdftex');
    if (pdftex) expect(execFileSync('pdftotext', ['-raw', pdftex.path, '-']).toString()).toMatch(/Ab\w*-\n\w*dung/);
    const pdftexType3 = corpus.files.find((f) => f.producer === 'pdftex-type3');
    if (pdftexType3) {
      expect(fonts(pdftexType3.path)).toMatch(/Type 3/);
      // pdftotext alone reads the ffi ligature as a control character: "office" is not there to find.
      expect(squeezed((await extracted(pdftexType3.path)).plain)).not.toContain('office');
    }
    const gsType3 = corpus.files.find((f) => f.producer === 'dvips-ghostscript');
    if (gsType3) expect(streams(gsType3.path)).toMatch(/\/FontMatrix \[\s*[\d.]+\s+0\s+0\s+-[\d.]+/);
    const matplotlib = corpus.files.find((f) => f.producer === 'matplotlib');
    if (matplotlib) {
      expect(fonts(matplotlib.path)).toMatch(/Type 3/);
      expect(streams(matplotlib.path)).toMatch(/\/\w+ sh\n/);
    }
    for (const { producer, path } of corpus.files) {
      const text = squeezed((await extracted(path)).asShown);
      for (const word of [...TARGETS, ...KEPT]) expect(text, `${producer}: ${word}`).toContain(squeezed(word));
      expect((await readFile(path)).subarray(0, 5).toString(), producer).toBe('%PDF-');
    }
  });
});

describe('redaction on real producers', () => {
  it('leaves no target word readable, keeps the others and rasterises nothing', async () => {
    const figures: { producer: string; leaked: string[]; elsewhere: boolean; lost: string[]; rasterised: number; note: string }[] = [];
    for (const { producer, path } of corpus.files) {
      const [out] = await ws.run('redact', [file(`${producer}.pdf`, await readFile(path))], { text: TARGETS }).catch((error: unknown) => {
        figures.push({ producer, leaked: ['(failed)'], elsewhere: true, lost: [], rasterised: 0, note: String(error) });
        return [];
      });
      if (!out) continue;
      const { plain, asShown: text } = await extracted(out!.path);
      figures.push({
        producer,
        leaked: TARGETS.filter((word) => [plain, text].some((read) => squeezed(read).includes(squeezed(word)))),
        elsewhere: readerText(otherStrings(out!.path)).includes('kestrel'),
        lost: KEPT.filter((word) => !readerText(text).includes(word)),
        rasterised: imageCount(out!.path) - imageCount(path),
        note: out!.notes?.[0]?.message ?? '',
      });
    }
    console.table(figures.map((f) => ({ ...f, leaked: f.leaked.join(" "), lost: f.lost.join(' ') })));
    for (const f of figures) expect(f, f.producer).toMatchObject({ leaked: [], elsewhere: false, lost: [], rasterised: 0 });
    for (const f of figures) expect(f.note, f.producer).not.toMatch(/now an image/);
  }, 300_000);
});

describe('the preview on real producers', () => {
  it('shows the boxes that will be removed: sent back as areas, they remove every target word', async () => {
    for (const { producer, path } of corpus.files) {
      const preview = await previewRedactions({ input: { path, filename: `${producer}.pdf` }, options: { text: TARGETS }, workDir: ws.root });
      if (producer === 'pdftex') {
        // The hyphenated word is one match, boxed on both lines.
        const hyphenated = preview.matches.find((m) => m.text.startsWith('Abbil'));
        expect(hyphenated).toMatchObject({ text: 'Abbil-\ndung' });
        expect(hyphenated!.boxes).toHaveLength(2);
      }
      const areas = preview.matches.flatMap((m) => m.boxes.map((box) => ({ page: m.page, ...box })));
      const [out] = await ws.run('redact', [file(`${producer}.pdf`, await readFile(path))], { areas });
      const text = (await extracted(out!.path)).asShown;
      expect(TARGETS.filter((word) => squeezed(text).includes(squeezed(word))), producer).toEqual([]);
      expect(KEPT.filter((word) => !readerText(text).includes(word)), producer).toEqual([]);
      expect(imageCount(out!.path), producer).toBe(imageCount(path));
    }
  }, 300_000);
});
