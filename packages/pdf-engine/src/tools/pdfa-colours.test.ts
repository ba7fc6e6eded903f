import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cmyk, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream, rgb } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFont } from '../pdf/fonts.ts';
import { colourfulPdf, ghostscriptCmyk } from '../test/corpus.ts';
import { A4 } from '../test/fixtures.ts';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';
import { imageMagickCmykJpegPdf, reportLabPdf, writeInput } from '../test/pdfa-inputs.ts';

/**
 * PDF/A lets DeviceCMYK through only with a CMYK output intent (or a DefaultCMYK colour space); our
 * outputs gave every file an sRGB intent, and our checks passed them.
 */

type Report = { checks: { id: string; passed: boolean }[] };
const failedChecks = (report: Report) => report.checks.filter((c) => !c.passed).map((c) => c.id);

/** RGB text over a CMYK fill and an /Indexed /DeviceCMYK image. */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  page.drawRectangle({ x: 72, y: 600, width: 200, height: 100, color: cmyk(0, 0.6, 1, 0) });
  page.drawText('Quarterly print run', { x: 72, y: 760, size: 14, font: await embeddedFont(doc, 'latin'), color: rgb(0.1, 0.2, 0.7) });
  const palette = doc.context.stream(Buffer.from([0, 0, 0, 0, 1, 0.5, 0, 0].map((v) => v * 255)));
  const pixels = Buffer.from(Array.from({ length: 64 }, (_, i) => (i + (i >> 3)) % 2));
  const image = doc.context.register(doc.context.flateStream(pixels, { Type: 'XObject', Subtype: 'Image', Width: 8, Height: 8, BitsPerComponent: 8, ColorSpace: [PDFName.of('Indexed'), PDFName.of('DeviceCMYK'), 1, doc.context.register(palette)] }));
  page.node.Resources()!.set(PDFName.of('XObject'), doc.context.obj({ Pal: image }));
  const content = doc.context.register(doc.context.stream('q 100 0 0 100 300 300 cm /Pal Do Q'));
  page.node.addContentStream(content);
  return doc.save();
}

let ws: Workspace;
let dir: string;
const inputs: Record<string, Buffer> = {};
beforeAll(async () => {
  ws = await workspace();
  dir = await mkdtemp(join(tmpdir(), 'wattle-pdfa-colours-'));
  const colourful = await writeInput(dir, 'colourful.pdf', await colourfulPdf());
  inputs.ghostscript = await readFile(await ghostscriptCmyk(dir, colourful));
  inputs.imageMagick = await readFile(await imageMagickCmykJpegPdf(dir));
  inputs.reportLab = await readFile(await reportLabPdf(dir, 'reportlab-mixed.pdf', [
    "from reportlab.pdfbase import pdfmetrics; from reportlab.pdfbase.ttfonts import TTFont",
    "pdfmetrics.registerFont(TTFont('DejaVu', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'))",
    'c.setFillColorCMYK(0, 0.5, 1, 0); c.rect(72, 600, 200, 100, fill=1)',
    "c.setFillColorRGB(0, 0, 0.8); c.setFont('DejaVu', 14); c.drawString(72, 500, 'Printed in two colour spaces')",
  ].join('\n')));
  inputs.mixed = Buffer.from(await mixedPdf());
}, 120_000);
afterAll(async () => {
  await ws.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function validate(bytes: Buffer): Promise<Report> {
  const outputs = await ws.run('validate-pdfa', [file('checked.pdf', bytes)]);
  return JSON.parse(await readFile(outputs[1]!.path, 'utf8')) as Report;
}

const intentProfile = (doc: PDFDocument) => doc.context.lookup(doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).get(0), PDFDict).lookup(PDFName.of('DestOutputProfile'), PDFStream);
const components = (stream: PDFStream) => stream.dict.lookup(PDFName.of('N'), PDFNumber).asNumber();

describe('pdf-to-pdfa with CMYK', () => {
  it.each([
    ['ghostscript', "Ghostscript's CMYK conversion (k operators, CMYK images)"],
    ['imageMagick', "ImageMagick's CMYK JPEG"],
  ])('%s: a CMYK-only document gets a CMYK output intent and passes the checks (%s)', async (name) => {
    const [output] = await ws.run('pdf-to-pdfa', [file(`${name}.pdf`, inputs[name]!)], { conformance: '2b' });
    expect(components(intentProfile(await pdfOf(output!)))).toBe(4);
    expect(failedChecks(await validate(await readFile(output!.path)))).toEqual([]);
  });

  it.each(['reportLab', 'mixed'])('%s: CMYK beside RGB gets an sRGB intent and a DefaultCMYK colour space on the page', async (name) => {
    const [output] = await ws.run('pdf-to-pdfa', [file(`${name}.pdf`, inputs[name]!)], { conformance: '2b' });
    const doc = await pdfOf(output!);
    expect(components(intentProfile(doc))).toBe(3);
    const defaultCmyk = doc.getPage(0).node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict).lookup(PDFName.of('DefaultCMYK'), PDFArray);
    expect(defaultCmyk.get(0)).toBe(PDFName.of('ICCBased'));
    expect(components(doc.context.lookup(defaultCmyk.get(1), PDFStream))).toBe(4);
    expect(failedChecks(await validate(await readFile(output!.path)))).toEqual([]);
  });

  it('the checks refuse CMYK content under an RGB output intent, and without the DefaultCMYK that covers it', async () => {
    const [cmykOnly] = await ws.run('pdf-to-pdfa', [file('cmyk.pdf', inputs.ghostscript!)], { conformance: '2b' });
    const [mixed] = await ws.run('pdf-to-pdfa', [file('mixed.pdf', inputs.mixed!)], { conformance: '2b' });
    // The CMYK document with an sRGB intent: what the tool used to make.
    const swapped = await PDFDocument.load(await readFile(cmykOnly!.path));
    const srgb = swapped.context.register(swapped.context.flateStream(await readFile(new URL('../pdf/srgb.icc', import.meta.url)), { N: 3 }));
    swapped.catalog.set(PDFName.of('OutputIntents'), swapped.context.obj([swapped.context.obj({ Type: 'OutputIntent', S: 'GTS_PDFA1', OutputConditionIdentifier: 'sRGB', DestOutputProfile: srgb })]));
    expect(failedChecks(await validate(Buffer.from(await swapped.save())))).toContain('colours');

    // The mixed document without its DefaultCMYK.
    const bare = await PDFDocument.load(await readFile(mixed!.path));
    bare.getPage(0).node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict).delete(PDFName.of('DefaultCMYK'));
    expect(failedChecks(await validate(Buffer.from(await bare.save())))).toContain('colours');
  });
});
