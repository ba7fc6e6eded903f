import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb, type PDFPage } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFont } from '../pdf/fonts.ts';
import { A4, formPdf } from '../test/fixtures.ts';
import { file, pdfText, workspace, type Workspace } from '../test/harness.ts';
import { boxesFor, findAll, pageText } from './redact-find.ts';
import { isValidAcn, isValidMedicare, isValidTfn } from './redact-presets.ts';

let ws: Workspace;
let letter: Buffer;
let protectedLetter: Buffer;

/** Two pages: a letter with a code name, Australian numbers and a red picture; the title and a bookmark say the code name too. */
async function letterPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const one = doc.addPage(A4);
  const lines = [
    'Re: Project Kestrel settlement',
    'Tax file number: 123 456 782',
    'Not a TFN: 123 456 789',
    'Medicare: 2123 45670 1',
    'ABN 51 824 753 556 and ACN 004 085 616',
    'BSB 062-000 Account 12345678',
    'Call 0412 345 678 or (02) 9876 5432',
    'Email jane.citizen@example.com.au',
  ];
  lines.forEach((line, i) => one.drawText(line, { x: 72, y: 780 - i * 24, size: 12, font }));
  const red = await doc.embedPng(await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer());
  one.drawImage(red, { x: 300, y: 300, width: 100, height: 100 });
  one.drawLine({ start: { x: 300, y: 250 }, end: { x: 400, y: 250 }, thickness: 6, color: rgb(0, 0, 1) });
  const two = doc.addPage(A4);
  two.drawText('The Project Kestrel budget is on page two.', { x: 72, y: 780, size: 12, font });
  doc.setTitle('Project Kestrel briefing');
  doc.setAuthor('J Citizen');
  const context = doc.context;
  const outlines = context.nextRef();
  const item = context.register(context.obj({ Title: PDFString.of('Kestrel figures'), Parent: outlines, Dest: [two.ref, PDFName.of('Fit')] }));
  context.assign(outlines, context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every content stream, decompressed, as qpdf's QDF mode writes it. */
const rawStreams = (path: string) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { maxBuffer: 1 << 28 }).toString('latin1');

/** pdf-lib writes Helvetica text as hex: the hex of the text must not be there either. */
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

/** The colour at a point (points from the bottom-left) of a page rendered at 72 dpi. */
async function pixelAt(path: string, page: number, x: number, y: number): Promise<number[]> {
  execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '72', '-png', '-singlefile', path, `${path}-page`]);
  const { data, info } = await sharp(`${path}-page.png`).raw().toBuffer({ resolveWithObject: true });
  const row = Math.round(info.height - y);
  const i = (row * info.width + Math.round(x)) * info.channels;
  return [...data.subarray(i, i + 3)];
}

beforeAll(async () => {
  ws = await workspace();
  letter = await letterPdf();
  const [locked] = await ws.run('protect', [file('letter.pdf', letter)], { userPassword: 'pw' });
  protectedLetter = await readFile(locked!.path);
});
afterAll(() => ws.dispose());

describe('redact presets', () => {
  it('checks the check digits', () => {
    expect(isValidTfn('123 456 782')).toBe(true);
    expect(isValidTfn('123 456 789')).toBe(false);
    expect(isValidMedicare('2123 45670 1')).toBe(true);
    expect(isValidMedicare('2123 45671 1')).toBe(false);
    expect(isValidAcn('004 085 616')).toBe(true);
    expect(isValidAcn('004 085 617')).toBe(false);
  });

  it('finds valid numbers and skips invalid ones', async () => {
    const text = 'TFN 123 456 782, not 123 456 789. ABN 51 824 753 556, not 51 824 753 557. BSB 062-000 Account 12345678. Mobile 0412 345 678, office (02) 9876 5432, 1300 123 456. jane@example.com.au';
    const found = await findAll([text], { presets: ['tfn', 'abn', 'bsb', 'account', 'phone', 'email'] });
    const by = (preset: string) => found.filter((f) => f.preset === preset).map((f) => text.slice(f.start, f.end));
    expect(by('tfn')).toEqual(['123 456 782']);
    expect(by('abn')).toEqual(['51 824 753 556']);
    expect(by('bsb')).toEqual(['062-000']);
    expect(by('account')).toEqual(['12345678']);
    expect(by('phone')).toEqual(['0412 345 678', '(02) 9876 5432', '1300 123 456']);
    expect(by('email')).toEqual(['jane@example.com.au']);
  });

  it('stops a pattern that runs too long', async () => {
    // Not refused by the schema's shape check (no nested repeat), but still slow on a long run of a's.
    await expect(findAll(['a'.repeat(30_000)], { patterns: ['a*a*a*a*a*b'] })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  }, 30_000);
});

describe('redact', () => {
  it('removes text, presets and metadata for good, and says what it did', async () => {
    const [out] = await ws.run('redact', [file('letter.pdf', letter)], { text: ['project kestrel'], presets: ['tfn', 'email'] });
    expect(out).toMatchObject({ filename: 'letter-redacted.pdf', pages: 2 });
    const text = pdfText(out!.path);
    for (const gone of ['Kestrel', '123 456 782', 'jane.citizen']) expect(text).not.toContain(gone);
    const raw = rawStreams(out!.path);
    for (const gone of ['Project Kestrel', 'jane.citizen', '123 456 782']) {
      expect(raw).not.toContain(gone);
      expect(raw.toUpperCase()).not.toContain(hexOf(gone));
    }
    expect(out!.notes?.[0]).toMatchObject({ code: 'REDACTED' });
    expect(out!.notes?.[0]?.message).toMatch(/^4 matches were removed; 1 metadata/); // no page had to become an image
    const doc = await PDFDocument.load(await readFile(out!.path));
    expect(doc.getTitle()).toBe('[redacted] briefing');
    expect(doc.getAuthor()).toBe('J Citizen');
    expect(raw).toContain('Kestrel figures'); // the bookmark does not have the phrase
  });

  it('blacks out the pixels of an image under an area and keeps the rest of it', async () => {
    const [out] = await ws.run('redact', [file('letter.pdf', letter)], { areas: [{ page: 1, x: 300, y: 300, width: 50, height: 50 }] });
    expect(await pixelAt(out!.path, 1, 320, 320)).toEqual([0, 0, 0]);
    const [r, g, b] = await pixelAt(out!.path, 1, 380, 380);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(60);
    const [one, two] = pdfText(out!.path).split('\f');
    expect(one).toContain('Re: Project Kestrel settlement'); // page 1 keeps its text
    expect(two).toContain('The Project Kestrel budget'); // page 2 untouched
    // The pixels are gone from the image itself, not only covered: the only image left is the redacted copy.
    expect(imagesIn(out!.path)).toBe(1);
    execFileSync('pdfimages', ['-png', out!.path, `${out!.path}-image`]);
    const { data, info } = await sharp(`${out!.path}-image-000.png`).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(20, 80)).toEqual([0, 0, 0]);
    expect(at(80, 20)[0]).toBeGreaterThan(200);
  });

  it('cuts vector paths under an area', async () => {
    const [out] = await ws.run('redact', [file('letter.pdf', letter)], { areas: [{ page: 1, x: 340, y: 240, width: 20, height: 20 }] });
    expect(await pixelAt(out!.path, 1, 350, 250)).toEqual([0, 0, 0]);
    const [, , blue] = await pixelAt(out!.path, 1, 310, 250);
    expect(blue).toBeGreaterThan(150);
    // The line is cut by a clip, not by turning anything into pixels: the only image is the red one.
    expect(imagesIn(out!.path)).toBe(1);
    expect(out!.notes?.[0]?.message).toBe('0 matches were removed.');
  });

  it('says when nothing matches, and checks areas against the document', async () => {
    expect(await ws.fail('redact', [file('letter.pdf', letter)], { text: ['wombat'] })).toBe('NOTHING_TO_REDACT');
    expect(await ws.fail('redact', [file('letter.pdf', letter)], {})).toBe('NOTHING_TO_REDACT');
    expect(await ws.fail('redact', [file('letter.pdf', letter)], { areas: [{ page: 3, x: 0, y: 0, width: 10, height: 10 }] })).toBe('VALIDATION_FAILED');
  });

  it('refuses patterns that can run for ever, and asks for the password of a protected file', async () => {
    expect(await ws.fail('redact', [file('letter.pdf', letter)], { patterns: ['(a+)+b'] })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('redact', [file('letter.pdf', protectedLetter)], { text: ['Kestrel'] })).toBe('PDF_ENCRYPTED');
  });

  it('finds patterns in the text and in bookmarks', async () => {
    const [out] = await ws.run('redact', [file('letter.pdf', letter)], { patterns: ['Kes\\w+'] });
    expect(rawStreams(out!.path)).not.toMatch(/Kestrel/);
    expect(pdfText(out!.path)).not.toMatch(/Kestrel/);
  });
});

/** A page with the secret on its second line; `extra` adds content after the text (raw operators, resources). */
async function twoLinePdf(extra?: (doc: PDFDocument, page: PDFPage) => void, embedded = false): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = embedded ? await embeddedFont(doc, 'latin') : await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(A4);
  page.drawText('Keep every word of this line', { x: 72, y: 780, size: 12, font });
  page.drawText('The Kestrel code stays secret', { x: 72, y: 756, size: 12, font });
  extra?.(doc, page);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const imagesIn = (path: string) => execFileSync('pdfimages', ['-list', path]).toString().trim().split('\n').length - 2;

describe('redact keeps the rest of the page as text', () => {
  it('removes only the redacted word from the content stream', async () => {
    const [out] = await ws.run('redact', [file('two.pdf', await twoLinePdf())], { text: ['Kestrel'] });
    const text = pdfText(out!.path);
    expect(text).toContain('Keep every word of this line');
    expect(text).toMatch(/The\s+code stays secret/);
    expect(text).not.toContain('Kestrel');
    const raw = rawStreams(out!.path);
    expect(raw).not.toContain('Kestrel');
    expect(raw.toUpperCase()).not.toContain(hexOf('Kestrel'));
    expect(imagesIn(out!.path)).toBe(0); // not rasterised
    expect(out!.notes?.[0]?.message).toBe('1 match was removed.');
    // The box is painted where the word was, and the word after it has not moved.
    const before = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: await twoLinePdf() }).toString();
    const after = execFileSync('pdftotext', ['-bbox', out!.path, '-']).toString();
    const xOf = (bbox: string, word: string) => Number(new RegExp(`xMin="([\\d.]+)"[^>]*>${word}<`).exec(bbox)![1]);
    expect(xOf(after, 'code')).toBeCloseTo(xOf(before, 'code'), 1);
    const kestrel = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">Kestrel<`).exec(before)!.slice(1).map(Number) as [number, number, number, number];
    expect(await pixelAt(out!.path, 1, (kestrel[0] + kestrel[2]) / 2, A4[1] - (kestrel[1] + kestrel[3]) / 2)).toEqual([0, 0, 0]);
  });

  it('measures an embedded font by its CID widths', async () => {
    const [out] = await ws.run('redact', [file('embedded.pdf', await twoLinePdf(undefined, true))], { text: ['Kestrel'] });
    const text = pdfText(out!.path);
    expect(text).toContain('Keep every word of this line');
    expect(text).toMatch(/The\s+code stays secret/);
    expect(text).not.toContain('Kestrel');
    expect(imagesIn(out!.path)).toBe(0);
  });

  it('drops the text that marked content carries', async () => {
    const marked = await twoLinePdf((doc, page) => page.node.addContentStream(doc.context.register(doc.context.stream('/Span <</ActualText (Kestrel code) /MCID 0>> BDC EMC'))));
    const [out] = await ws.run('redact', [file('marked.pdf', marked)], { text: ['Kestrel'] });
    expect(rawStreams(out!.path)).not.toContain('Kestrel');
    expect(rawStreams(out!.path)).toContain('/Span <</MCID 0>> BDC');
    expect(pdfText(out!.path)).toContain('Keep every word of this line');
  });

  it('measures a standard font re-encoded with differences by its glyph names', async () => {
    const doc = await PDFDocument.load(await twoLinePdf());
    const fonts = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font')) as PDFDict;
    // As ReportLab and others write a standard font with a character outside WinAnsi: no /Widths, an encoding with differences.
    (fonts.lookup(fonts.keys()[0]!) as PDFDict).set(PDFName.of('Encoding'), doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: [128, PDFName.of('Euro'), 129, PDFName.of('W')] }));
    const reencoded = Buffer.from(await doc.save({ useObjectStreams: false }));
    const [out] = await ws.run('redact', [file('reencoded.pdf', reencoded)], { text: ['Kestrel'] });
    expect(out!.notes?.[0]?.message).toBe('1 match was removed.');
    const text = pdfText(out!.path);
    expect(text).toContain('Keep every word of this line');
    expect(text).toMatch(/The\s+code stays secret/);
    expect(text).not.toContain('Kestrel');
  });

  it('puts back as pixels only the region of a curved path partly under a box', async () => {
    const blob = await twoLinePdf((doc, page) => page.node.addContentStream(doc.context.register(doc.context.stream('q 0 0 1 rg 100 760 m 100 800 160 800 160 760 c 160 720 100 720 100 760 c f Q'))));
    const [out] = await ws.run('redact', [file('blob.pdf', blob)], { text: ['Kestrel'] });
    expect(out!.notes?.[0]?.message).toBe('1 match was removed; on page 1, 1 thing that could not be cut is now a picture of itself with the redactions burned in.');
    const text = pdfText(out!.path);
    expect(text).toContain('Keep every word of this line');
    expect(text).toMatch(/The\s+code stays secret/);
    expect(text).not.toContain('Kestrel');
    expect(rawStreams(out!.path)).not.toContain('Kestrel');
    expect(imagesIn(out!.path)).toBe(1);
    const [, , blue] = await pixelAt(out!.path, 1, 150, 790); // the blob outside the box is still there
    expect(blue).toBeGreaterThan(150);
  });

  /**
   * A Type 3 font of black squares, 750 units wide in a 1000-unit glyph space, drawing "aaa" at (72, 700);
   * `flipped` writes it as Ghostscript does: a font matrix upside down, and a text matrix that turns it back.
   */
  const type3Page = (flipped = false) =>
    twoLinePdf((doc, page) => {
      const glyph = doc.context.register(doc.context.stream('1000 0 0 0 750 750 d1 0 0 750 750 re f'));
      const font = doc.context.register(
        doc.context.obj({ Type: 'Font', Subtype: 'Type3', FontBBox: [0, 0, 750, 750], FontMatrix: [0.001, 0, 0, flipped ? -0.001 : 0.001, 0, 0], CharProcs: { sq: glyph }, Encoding: { Type: 'Encoding', Differences: [97, PDFName.of('sq')] }, FirstChar: 97, LastChar: 97, Widths: [1000], Resources: {} }),
      );
      (page.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).set(PDFName.of('T3'), font);
      page.node.addContentStream(doc.context.register(doc.context.stream(`BT /T3 12 Tf ${flipped ? '1 0 0 -1 72 700 Tm' : '72 700 Td'} (aaa) Tj ET`)));
    });

  it('cuts the glyphs of a Type 3 font by its widths and font matrix, upright or upside down', async () => {
    for (const flipped of [false, true]) {
      const [out] = await ws.run('redact', [file('type3.pdf', await type3Page(flipped))], { areas: [{ page: 1, x: 84, y: 698, width: 12, height: 10 }] });
      expect(out!.notes?.[0]?.message, `flipped: ${flipped}`).toBe('0 matches were removed.');
      expect(rawStreams(out!.path)).toContain('[(a) -1000 (a)] TJ'); // the middle square is gone, the last keeps its place
      expect(pdfText(out!.path)).toContain('Keep every word of this line');
      expect(imagesIn(out!.path)).toBe(0);
    }
  });

  it("finds words in pdfTeX's bitmap fonts, whose glyphs are named by code, through the T1 encoding", async () => {
    // "fire" as pdfTeX writes it in a T1 bitmap font: the fi ligature is code 28, named /a28; pdftotext alone reads "re".
    const input = await twoLinePdf((doc, page) => {
      const square = doc.context.register(doc.context.stream('500 0 0 0 400 600 d1 0 0 400 600 re f'));
      const font = doc.context.register(
        doc.context.obj({ Type: 'Font', Subtype: 'Type3', FontBBox: [0, 0, 400, 600], FontMatrix: [0.001, 0, 0, 0.001, 0, 0], CharProcs: { a28: square, a101: square, a114: square }, Encoding: { Type: 'Encoding', Differences: [28, PDFName.of('a28'), 29, PDFName.of('.notdef'), 101, PDFName.of('a101'), 114, PDFName.of('a114')] }, FirstChar: 28, LastChar: 114, Widths: Array.from({ length: 87 }, () => 500), Resources: {} }),
      );
      (page.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).set(PDFName.of('T3'), font);
      page.node.addContentStream(doc.context.register(doc.context.stream('BT /T3 12 Tf 72 700 Td <1c7265> Tj ET')));
    });
    expect(execFileSync('pdftotext', ['-', '-'], { input }).toString()).not.toContain('fire');
    const [out] = await ws.run('redact', [file('pdftex-bitmap.pdf', input)], { text: ['fire'] });
    expect(out!.notes?.[0]?.message).toBe('1 match was removed.');
    expect(rawStreams(out!.path)).not.toMatch(/<1c7265>|\(\\034re\)/i);
    expect(pdfText(out!.path)).toContain('Keep every word of this line');
    expect(imagesIn(out!.path)).toBe(0);
  });

  it('paints a shading, by sh or as a pattern fill, with the boxes clipped out, and keeps the page as text', async () => {
    // A blue axial shading over the second line's band (LibreOffice, matplotlib and TikZ paint gradients with sh, Chromium as a pattern fill).
    const shaded = (content: string) =>
      twoLinePdf((doc, page) => {
        const blue = doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 1], C1: [0, 0, 0.8], N: 1 });
        const shading = doc.context.register(doc.context.obj({ ShadingType: 2, ColorSpace: 'DeviceRGB', Coords: [0, 0, 595, 0], Function: blue }));
        page.node.Resources()!.set(PDFName.of('Shading'), doc.context.obj({ Sh0: shading }));
        page.node.Resources()!.set(PDFName.of('Pattern'), doc.context.obj({ P0: doc.context.obj({ PatternType: 2, Shading: shading }) }));
        page.node.addContentStream(doc.context.register(doc.context.stream(content)));
      });
    const ways = [
      { content: 'q 60 740 480 30 re W n /Sh0 sh Q', clipped: /W\* n \/Sh0 sh Q/ },
      { content: 'q /Pattern cs /P0 scn 60 740 480 30 re f Q', clipped: /W\* n 60 740 480 30 re\s+f Q/ },
    ];
    for (const { content, clipped } of ways) {
      const [out] = await ws.run('redact', [file('shading.pdf', await shaded(content))], { text: ['Kestrel'] });
      expect(out!.notes?.[0]?.message, content).toBe('1 match was removed.');
      expect(pdfText(out!.path)).toContain('Keep every word of this line');
      expect(pdfText(out!.path)).toMatch(/The\s+code stays secret/);
      expect(pdfText(out!.path)).not.toContain('Kestrel');
      expect(imagesIn(out!.path)).toBe(0);
      const [red, , blueLevel] = await pixelAt(out!.path, 1, 400, 745); // the shading beside the box is still painted
      expect(red).toBeLessThan(60);
      expect(blueLevel).toBeGreaterThan(150);
      expect(rawStreams(out!.path)).toMatch(clipped);
    }
  });

  it('burns in a page it cannot read: a font without widths or an unknown operator', async () => {
    const unmeasured = await twoLinePdf((doc, page) => {
      const font = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Wombat' }));
      (page.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).set(PDFName.of('W1'), font);
      page.node.addContentStream(doc.context.register(doc.context.stream('BT /W1 12 Tf 72 700 Td (aaa) Tj ET')));
    });
    const unknown = await twoLinePdf((doc, page) => page.node.addContentStream(doc.context.register(doc.context.stream('q 1 0 0 1 0 0 cm wombat Q'))));
    for (const input of [unmeasured, unknown]) {
      const [out] = await ws.run('redact', [file('odd.pdf', input)], { text: ['Kestrel'] });
      expect(out!.notes?.[0]?.message).toMatch(/^1 match was removed; page 1 is now an image/);
      expect(pdfText(out!.path)).not.toContain('Keep every word');
      expect(rawStreams(out!.path)).not.toContain('Kestrel');
    }
  });
});

describe('redact on a turned page', () => {
  it('blacks out the words where the page shows them', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage(A4);
    page.drawText('Keep this line', { x: 72, y: 780, size: 14, font });
    page.drawText('Secret line here', { x: 72, y: 700, size: 14, font });
    page.setRotation(degrees(90));
    const [out] = await ws.run('redact', [file('turned.pdf', Buffer.from(await doc.save()))], { text: ['Secret'] });
    // Shown turned: the page is 841.89 wide; the unturned point (x, y) shows at (y, x) from the bottom-left... measured by pdftotext.
    execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', out!.path, `${out!.path}-shown`]);
    const original = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: Buffer.from(await doc.save()) }).toString();
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Secret<\/word>/.exec(original)!;
    const [xMin, yMin, xMax, yMax] = word.slice(1).map(Number) as [number, number, number, number];
    const { data, info } = await sharp(`${out!.path}-shown.png`).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((Math.round(y) * info.width + Math.round(x)) * info.channels, (Math.round(y) * info.width + Math.round(x)) * info.channels + 3)];
    expect(at((xMin + xMax) / 2, (yMin + yMax) / 2)).toEqual([0, 0, 0]);
    expect(pdfText(out!.path)).not.toContain('Secret');
  });
});

describe('redact beyond the page content', () => {
  it('clears a form value and removes a comment that says what is redacted', async () => {
    const doc = await PDFDocument.load(await formPdf());
    const page = doc.getPage(0);
    const note = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [400, 400, 420, 420], Contents: PDFString.of('Ask Jane Citizen first') }));
    page.node.addAnnot(note);
    const [out] = await ws.run('redact', [file('form.pdf', Buffer.from(await doc.save()))], { text: ['Jane Citizen'] });
    expect(rawStreams(out!.path)).not.toContain('Jane Citizen');
    const result = await PDFDocument.load(await readFile(out!.path));
    expect(result.getForm().getTextField('name').getText() ?? '').toBe('');
    expect(out!.notes?.[0]?.message).toMatch(/2 metadata, bookmark, comment or form entries were cleaned/);
  });
});

describe('redact boxes', () => {
  it("stop halfway between lines whose boxes reach into each other, and leave lines side by side alone", () => {
    // Ghostscript's Type 3 words, as pdftotext boxes them: 18 pt tall on lines 8 pt apart (y from the top).
    const word = (text: string, xMin: number, yMin: number) => ({ text, xMin, xMax: xMin + 40, yMin, yMax: yMin + 18 });
    const line = (...words: ReturnType<typeof word>[]) => ({ xMin: words[0]!.xMin, xMax: words.at(-1)!.xMax, yMin: words[0]!.yMin, yMax: words[0]!.yMax, words });
    const layout = { width: 600, height: 800, blocks: [{ xMin: 100, xMax: 500, yMin: 100, yMax: 126, lines: [line(word('KESTREL', 100, 100)), line(word('Firma', 100, 108)), line(word('beside', 300, 100))] }] };
    const page = pageText(layout, { width: 600, height: 800 });
    const [kestrel] = boxesFor(page, 0, 7);
    const [firma] = boxesFor(page, page.text.indexOf('Firma'), page.text.indexOf('Firma') + 5);
    const [beside] = boxesFor(page, page.text.indexOf('beside'), page.text.indexOf('beside') + 6);
    const middle = 800 - (108 + 118) / 2; // halfway through the overlap, from the bottom
    expect(kestrel!.y).toBeCloseTo(middle);
    expect(firma!.y + firma!.height).toBeCloseTo(middle);
    expect(beside!.height).toBeCloseTo(20); // side by side with the others: 18 pt and the pad
  });
});

describe('redact reads text as a reader does', () => {
  it('finds a word hyphenated across a line end, in a ligature, with a soft hyphen, in any case', async () => {
    const text = 'Unsere Firma zeigt die Abbil-\ndung im Überblick. The o\ufb03ce \ufb02ow of KES\u00adTREL funds, the code\u00a0name.';
    const found = await findAll([text], { text: ['abbildung', 'office', 'flow', 'kestrel', 'code name'] });
    expect(found.map((f) => text.slice(f.start, f.end))).toEqual(['Abbil-\ndung', 'o\ufb03ce', '\ufb02ow', 'KES\u00adTREL', 'code\u00a0name']);
  });

  it('reads a phrase whose space was only a kerning gap, and a hyphen the line end took', async () => {
    const text = 'the codename and the Kestrel-\nProjekt';
    const found = await findAll([text], { text: ['code name', 'Kestrel-Projekt'] });
    expect(found.map((f) => text.slice(f.start, f.end))).toEqual(['codename', 'Kestrel-\nProjekt']);
  });

  it('reads a letter-spaced word that pdftotext splits into letters, and leaves two short words apart', async () => {
    const text = 'the K E S T R E L plan, a kestrel and a b';
    const found = await findAll([text], { text: ['kestrel', 'ab'] });
    expect(found.map((f) => text.slice(f.start, f.end))).toEqual(['K E S T R E L', 'kestrel']);
  });
});
