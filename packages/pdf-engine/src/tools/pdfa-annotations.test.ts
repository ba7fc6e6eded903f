import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationFaults } from '../pdf/annotation-appearances.ts';
import { formPdf } from '../test/fixtures.ts';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';
import { libreOfficeForm, pdfkitAnnotated, pdfkitForm } from '../test/pdfa-inputs.ts';
import { preflightErrors, preflightMissing } from '../test/preflight.ts';

/**
 * Comments and forms as real producers write them (pdfkit's annotations and form, LibreOffice's form,
 * a form filled and marked up in our own editor), through pdf-to-pdfa: every annotation gets an
 * appearance, NeedAppearances goes, and the outputs pass our checks and PDFBox preflight.
 */

let ws: Workspace;
const inputs = new Map<string, Buffer>();
beforeAll(async () => {
  ws = await workspace();
  const dir = await mkdtemp(join(tmpdir(), 'wattle-pdfa-annots-'));
  const [edited] = await ws.run('edit', [file('form.pdf', await formPdf())], {
    version: 1,
    operations: [
      { type: 'form', values: { name: 'Kim Nguyen', agree: true } },
      { type: 'underline', page: 1, rects: [{ x: 72, y: 100, width: 120, height: 14 }] },
      { type: 'strikeout', page: 1, rects: [{ x: 72, y: 130, width: 120, height: 14 }] },
      { type: 'ink', page: 1, strokes: [[{ x: 300, y: 300 }, { x: 320, y: 310 }, { x: 340, y: 300 }]], strokeWidth: 2 },
      { type: 'note', page: 1, x: 400, y: 72, text: 'Checked against the purchase order.', author: 'Alex Citizen' },
    ],
  });
  inputs.set('pdfkit (comments)', await pdfkitAnnotated());
  inputs.set('pdfkit (form)', await pdfkitForm());
  inputs.set('LibreOffice (form)', await libreOfficeForm(dir));
  inputs.set('our editor (filled form, comments)', await readFile(edited!.path));
  await rm(dir, { recursive: true, force: true });
}, 240_000);
afterAll(() => ws.dispose());

const NAMES = ['pdfkit (comments)', 'pdfkit (form)', 'LibreOffice (form)', 'our editor (filled form, comments)'];

/** Each annotation's subtype and its appearance dictionary's keys ('none' when it has none). */
function appearances(doc: PDFDocument): string[] {
  return doc.getPages().flatMap((page) =>
    (page.node.Annots()?.asArray() ?? []).map((ref) => {
      const annot = doc.context.lookup(ref, PDFDict);
      const ap = annot.lookupMaybe(PDFName.of('AP'), PDFDict);
      return `${annot.lookup(PDFName.of('Subtype'), PDFName).decodeText()}: ${ap ? ap.keys().map((k) => k.decodeText()).join(' ') : 'none'}`;
    }),
  );
}

describe('pdf-to-pdfa gives comments and fields appearances', () => {
  it.each(NAMES)('%s: our checks fail the input; in the output every annotation but links has one normal appearance, and NeedAppearances is gone', async (name) => {
    expect(annotationFaults(await PDFDocument.load(inputs.get(name)!), '2b')).not.toEqual({});
    const [output] = await ws.run('pdf-to-pdfa', [file('input.pdf', inputs.get(name)!)], { conformance: '2b' });
    expect(output!.notes![0]!.code).toBe('PDFA_CHECKED');
    const doc = await pdfOf(output!);
    expect(appearances(doc).filter((a) => !a.startsWith('Link') && !a.endsWith(': N'))).toEqual([]);
    const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
    expect(acroForm?.get(PDFName.of('NeedAppearances'))?.toString() ?? 'false').toBe('false');
  }, 120_000);

  it("draws a field's value in its appearance, where the producer left it to the reader", async () => {
    const [output] = await ws.run('pdf-to-pdfa', [file('input.pdf', inputs.get('LibreOffice (form)')!)], { conformance: '2b' });
    const doc = await pdfOf(output!);
    const field = doc.getForm().getTextField('fullname');
    const appearance = doc.context.lookup(field.acroField.getWidgets()[0]!.getNormalAppearance());
    expect(appearance).toBeInstanceOf(PDFStream);
    expect(Buffer.from((appearance as PDFStream).getContents()).length).toBeGreaterThan(40);
    expect(field.getText()).toBe('Jane Citizen');
  }, 120_000);
});

const missing = preflightMissing();
describe.skipIf(missing)(`PDF/A-1b outputs of comments and forms under PDFBox preflight${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it.each(NAMES)('%s', async (name) => {
    const [output] = await ws.run('pdf-to-pdfa', [file('input.pdf', inputs.get(name)!)], { conformance: '1b' });
    expect(output!.notes![0]!.code).toBe('PDFA_CHECKED');
    expect(await preflightErrors(output!.path)).toEqual([]);
  }, 120_000);
});

