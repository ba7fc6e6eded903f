import { readFile, writeFile } from 'node:fs/promises';
import { PDFBool, PDFDict, PDFDocument, PDFName, PDFStream, PDFString, rgb } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFont } from '../pdf/fonts.ts';
import { A4, whitePng } from '../test/fixtures.ts';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';
import { preflightErrors, preflightMissing } from '../test/preflight.ts';

/**
 * PDF/A's rules on graphics states, images and transparency groups (ISO 19005-2 6.2.5, 6.2.8,
 * 6.2.10): validate-pdfa catches what PDFBox preflight catches, and pdf-to-pdfa makes them true.
 */

type Report = { checks: { id: string; passed: boolean }[] };
let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

const failedChecks = async (bytes: Uint8Array) => {
  const [, json] = await ws.run('validate-pdfa', [file('input.pdf', Buffer.from(bytes))]);
  return (JSON.parse(await readFile(json!.path, 'utf8')) as Report).checks.filter((c) => !c.passed).map((c) => c.id);
};

/** A page with a transfer function and an unknown blend mode in its graphics state, and an image that asks to be interpolated. */
async function printShopPage(options: { seeThrough?: boolean; blendingSpace?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  page.drawText('Proof for the print shop', { x: 72, y: 760, size: 12, font: await embeddedFont(doc, 'latin') });
  const image = await doc.embedPng(whitePng(8, 8));
  page.drawImage(image, { x: 72, y: 600, width: 60, height: 60 });
  await doc.flush();
  doc.context.lookup(image.ref, PDFStream).dict.set(PDFName.of('Interpolate'), PDFBool.True);
  if (options.seeThrough) page.drawRectangle({ x: 72, y: 500, width: 200, height: 60, color: rgb(0.2, 0.4, 0.8), opacity: 0.5 });
  if (options.blendingSpace) page.node.set(PDFName.of('Group'), doc.context.obj({ S: 'Transparency', CS: 'DeviceRGB' }));
  const state = doc.context.obj({ Type: 'ExtGState', TR: 'Identity', BM: 'Luminescence' });
  page.node.normalizedEntries().Resources.set(PDFName.of('ExtGState'), doc.context.obj({ Proof: state }));
  return doc.save({ useObjectStreams: false });
}

describe('graphics states and images under PDF/A', () => {
  it('validate-pdfa flags transfer functions, unknown blend modes and interpolated images; pdf-to-pdfa removes them', async () => {
    expect(await failedChecks(await printShopPage())).toEqual(expect.arrayContaining(['graphics-states', 'images']));
    const [output] = await ws.run('pdf-to-pdfa', [file('proof.pdf', Buffer.from(await printShopPage()))], { conformance: '2b' });
    expect(output!.notes![0]!.code).toBe('PDFA_CHECKED');
    const bytes = (await readFile(output!.path)).toString('latin1');
    expect(bytes).not.toMatch(/\/TR\b|\/Interpolate|\/Luminescence/);
  });

  it('validate-pdfa asks a transparent page for its blending colour space when there is no output intent', async () => {
    expect(await failedChecks(await printShopPage({ seeThrough: true }))).toContain('transparency-groups');
    expect(await failedChecks(await printShopPage({ seeThrough: true, blendingSpace: true }))).not.toContain('transparency-groups');
  });
});

const missing = preflightMissing();
describe.skipIf(missing)(`what PDFBox preflight refuses, our checks refuse first${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it('a PDF/A-1b output given a transfer function, an interpolated image and NeedAppearances fails both', async () => {
    const [output] = await ws.run('pdf-to-pdfa', [file('proof.pdf', Buffer.from(await printShopPage()))], { conformance: '1b' });
    expect(await preflightErrors(output!.path)).toEqual([]);
    const doc = await pdfOf(output!);
    const resources = doc.getPage(0).node.Resources()!;
    resources.set(PDFName.of('ExtGState'), doc.context.obj({ Proof: { Type: 'ExtGState', TR: 'Identity' } }));
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) object.dict.set(PDFName.of('Interpolate'), PDFBool.True);
    }
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], NeedAppearances: true }));
    const broken = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
    const path = `${output!.path}.broken.pdf`;
    await writeFile(path, broken);
    const refused = (await preflightErrors(path)).join('\n');
    expect(refused).toMatch(/NeedAppearance/);
    expect(refused).toMatch(/TR/);
    expect(await failedChecks(broken)).toEqual(expect.arrayContaining(['graphics-states', 'images', 'form']));
  });
});

describe('actions under PDF/A', () => {
  it('validate-pdfa flags a form reset and a named action other than a page turn; pdf-to-pdfa removes them and keeps the web link', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage(A4);
    page.drawText('Order form', { x: 72, y: 760, size: 12, font: await embeddedFont(doc, 'latin') });
    const link = (y: number, action: Record<string, unknown>) => doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, y, 200, y + 14], F: 4, A: { Type: 'Action', ...action } }));
    page.node.set(PDFName.of('Annots'), doc.context.obj([link(700, { S: 'ResetForm' }), link(680, { S: 'Named', N: 'Print' }), link(660, { S: 'Named', N: 'NextPage' }), link(640, { S: 'URI', URI: PDFString.of('https://example.com/') })]));
    const bytes = await doc.save({ useObjectStreams: false });
    expect(await failedChecks(bytes)).toContain('actions');
    const [output] = await ws.run('pdf-to-pdfa', [file('order.pdf', Buffer.from(bytes))], { conformance: '2b' });
    const result = await pdfOf(output!);
    const actions = result.getPage(0).node.Annots()!.asArray().map((ref) => {
      const action = result.context.lookup(ref, PDFDict).lookupMaybe(PDFName.of('A'), PDFDict);
      return action ? `${action.get(PDFName.of('S'))} ${action.get(PDFName.of('N')) ?? action.get(PDFName.of('URI')) ?? ''}`.trim() : 'none';
    });
    expect(actions).toEqual(['none', 'none', '/Named /NextPage', '/URI (https://example.com/)']);
  });
});
