import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, StandardFontEmbedder, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../test/fixtures.ts';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';
import { reportLabPdf } from '../test/pdfa-inputs.ts';

/**
 * Standard fonts that producers leave unembedded (ReportLab, pdf-lib, annotators) made pdf-to-pdfa
 * refuse the file: it now embeds URW's metric-compatible clones, and refuses only fonts with none.
 */

let ws: Workspace;
let dir: string;
let reportLab: Buffer;
beforeAll(async () => {
  ws = await workspace();
  dir = await mkdtemp(join(tmpdir(), 'wattle-pdfa-fonts-'));
  reportLab = await readFile(await reportLabPdf(dir, 'reportlab-fonts.pdf', [
    "c.setFont('Helvetica', 12); c.drawString(72, 760, 'Helvetica: Invoice for caf\\u00e9 \\u2013 \\u20ac120')",
    "c.setFont('Times-Bold', 12); c.drawString(72, 740, 'Times bold: Terms of trade')",
    "c.setFont('Courier-Oblique', 12); c.drawString(72, 720, 'Courier oblique: ABN 51 824 753 556')",
    "c.setFont('Symbol', 12); c.drawString(72, 700, 'abgd')",
    "c.setFont('ZapfDingbats', 12); c.drawString(72, 680, '4')",
  ].join('\n')));
}, 60_000);
afterAll(async () => {
  await ws.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** pdffonts' rows: name, type and whether it is embedded. */
function fontsOf(path: string): { name: string; type: string; embedded: boolean }[] {
  return execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).map((line) => {
    const [name = '', ...rest] = line.split(/\s+/);
    return { name, type: rest.slice(0, -6).join(' '), embedded: rest.at(-5) === 'yes' };
  });
}

describe('pdf-to-pdfa with fonts that are not embedded', () => {
  it.each(['1b', '2b'] as const)("embeds a substitute for ReportLab's standard fonts (PDF/A-%s): text and widths unchanged", async (conformance) => {
    const [output] = await ws.run('pdf-to-pdfa', [file('fonts.pdf', reportLab)], { conformance });
    expect(output!.notes![0]!.code).toBe('PDFA_CHECKED');
    const fonts = fontsOf(output!.path);
    expect(fonts.map((f) => f.name).sort()).toEqual(['Courier-Oblique', 'Helvetica', 'Symbol', 'Times-Bold', 'ZapfDingbats']);
    expect(fonts.every((f) => f.embedded && f.type === 'Type 1C')).toBe(true);
    const inputPath = join(dir, 'reportlab-fonts.pdf');
    expect(pdfText(output!.path)).toBe(pdfText(inputPath));

    // Metric-compatible: every width the page can use is the standard font's own.
    const doc = await pdfOf(output!);
    for (const [, ref] of doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict).entries()) {
      const font = doc.context.lookup(ref, PDFDict);
      const base: string = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
      const widths = font.lookup(PDFName.of('Widths'), PDFArray).asArray().map((w) => (w as PDFNumber).asNumber());
      const standard = StandardFontEmbedder.for(base as Parameters<typeof StandardFontEmbedder.for>[0]);
      for (const point of standard.encoding.supportedCodePoints.filter((p) => p < 0x2000 || base === StandardFonts.Symbol)) {
        const { code, name } = standard.encoding.encodeUnicodeCodePoint(point);
        if (base === StandardFonts.ZapfDingbats || base === StandardFonts.Symbol || code < 128) expect([base, name, widths[code]]).toEqual([base, name, standard.font.getWidthOfGlyph(name)]);
      }
    }
  });

  it("embeds pdf-lib's Helvetica too", async () => {
    const [output] = await ws.run('pdf-to-pdfa', [file('plain.pdf', await textPdf(1))]);
    expect(fontsOf(output!.path)).toEqual([{ name: 'Helvetica', type: 'Type 1C', embedded: true }]);
  });

  it('names the fonts no substitute exists for', async () => {
    const doc = await PDFDocument.load(await textPdf(1));
    const page = doc.getPage(0);
    const wingdings = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'Wingdings-Regular', Encoding: 'WinAnsiEncoding' }));
    page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).set(PDFName.of('W1'), wingdings);
    page.node.addContentStream(doc.context.register(doc.context.stream('BT /W1 12 Tf 72 600 Td (J) Tj ET')));
    const error = await ws.run('pdf-to-pdfa', [file('symbols.pdf', Buffer.from(await doc.save()))]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PDFA_FONTS_NOT_EMBEDDED', details: { fonts: ['Wingdings-Regular'] } });
  });
});
