import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, rgb } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileOfDocument } from '../pdf/conformance.ts';
import { embeddedFont } from '../pdf/fonts.ts';
import { libreOfficePdfa1 } from '../test/corpus.ts';
import { lzwEncode } from '../test/encoders.ts';
import { A4, textPdf } from '../test/fixtures.ts';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';

/** A letter with its font embedded, a script that runs on opening, a hidden comment and, if asked, a see-through box. */
async function letter(options: { transparent?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Archived letter & notes');
  const page = doc.addPage(A4);
  page.drawText('Dear Ms Nguyen, please keep this letter.', { x: 72, y: 760, size: 12, font: await embeddedFont(doc, 'latin') });
  if (options.transparent) page.drawRectangle({ x: 72, y: 600, width: 200, height: 100, color: rgb(0.2, 0.4, 0.8), opacity: 0.5 });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: 'app.alert("hi")' }));
  const note = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [72, 500, 172, 550], F: 2 }));
  page.node.set(PDFName.of('Annots'), doc.context.obj([note]));
  return Buffer.from(await doc.save());
}

/** The letter as old producers (Acrobat 2, early Distiller) wrote it: its page content LZW-compressed, which PDF/A forbids. */
async function lzwLetter(): Promise<Buffer> {
  const doc = await PDFDocument.load(await letter());
  const page = doc.getPage(0).node;
  const content = Buffer.concat((page.Contents() instanceof PDFArray ? (page.Contents() as PDFArray).asArray() : [page.get(PDFName.of('Contents'))]).map((ref) => Buffer.from(decodePDFRawStream(doc.context.lookup(ref) as PDFRawStream).decode())));
  page.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(lzwEncode(content), { Filter: 'LZWDecode' })));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

type Report = { level: string; conforms: boolean; checks: { id: string; passed: boolean }[] };
const failedChecks = (report: Report) => report.checks.filter((c) => !c.passed).map((c) => c.id);

let ws: Workspace;
let libreOffice: Buffer;
beforeAll(async () => {
  ws = await workspace();
  const dir = await mkdtemp(join(tmpdir(), 'wattle-pdfa-export-'));
  libreOffice = await readFile(await libreOfficePdfa1(dir, 'letter.odt', 'An archived letter, kept as PDF/A-1.'));
  await rm(dir, { recursive: true, force: true });
}, 120_000);
afterAll(() => ws.dispose());

async function validate(name: string, bytes: Buffer): Promise<Report> {
  const outputs = await ws.run('validate-pdfa', [file(name, bytes)]);
  expect(outputs.map((o) => o.contentType)).toEqual(['application/pdf', 'application/json']);
  expect(outputs[0]!.pages).toBe(1);
  return JSON.parse(await readFile(outputs[1]!.path, 'utf8')) as Report;
}

describe('pdf-to-pdfa', () => {
  it.each(['1b', '2b', '3b'] as const)('PDF/A-%s: pdfaid XMP, an sRGB output intent, no script, printable comments, and every check passed', async (conformance) => {
    const [output] = await ws.run('pdf-to-pdfa', [file('letter.pdf', await letter())], { conformance });
    expect(output!.filename).toBe('letter-pdfa.pdf');
    expect(output!.pages).toBe(1);
    expect(output!.notes).toEqual([{ code: 'PDFA_CHECKED', message: expect.stringMatching(new RegExp(`^PDF/A-${conformance}: passed \\d+ checks`)) }]);
    const bytes = await readFile(output!.path);
    execFileSync('qpdf', ['--check', output!.path]);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe(conformance === '1b' ? '%PDF-1.4' : '%PDF-1.7');
    if (conformance === '1b') expect(bytes.includes('/ObjStm')).toBe(false);
    expect(bytes.toString('latin1')).toContain(`<pdfaid:part>${conformance[0]}</pdfaid:part>`);
    expect(bytes.toString('latin1')).toContain('<rdf:li xml:lang="x-default">Archived letter &#38; notes</rdf:li>');

    const doc = await pdfOf(output!);
    expect(profileOfDocument(doc).pdfa).toBe(`PDF/A-${conformance}`);
    const intent = doc.context.lookup(doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).get(0), PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(intent.lookup(PDFName.of('DestOutputProfile'))).toBeInstanceOf(PDFStream);
    expect(doc.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(bytes.includes('app.alert')).toBe(false);

    expect(failedChecks(await validate('letter-pdfa.pdf', bytes))).toEqual([]);
  });

  it('refuses transparency for PDF/A-1b, and keeps it for 2b', async () => {
    const seeThrough = await letter({ transparent: true });
    expect(await ws.fail('pdf-to-pdfa', [file('letter.pdf', seeThrough)], { conformance: '1b' })).toBe('PDFA_TRANSPARENCY');
    const [output] = await ws.run('pdf-to-pdfa', [file('letter.pdf', seeThrough)], { conformance: '2b' });
    expect(output!.notes![0]!.code).toBe('PDFA_CHECKED');
  });

  it('refuses attached files for 2b, where 3b keeps them', async () => {
    const doc = await PDFDocument.load(await letter());
    await doc.attach(Buffer.from('minutes'), 'minutes.txt', { mimeType: 'text/plain' });
    const attached = Buffer.from(await doc.save());
    expect(await ws.fail('pdf-to-pdfa', [file('letter.pdf', attached)], { conformance: '2b' })).toBe('PDFA_CHECKS_FAILED');
    expect((await ws.run('pdf-to-pdfa', [file('letter.pdf', attached)], { conformance: '3b' }))[0]!.notes![0]!.code).toBe('PDFA_CHECKED');
  });

  it('re-encodes LZW-compressed streams with Flate, and the result passes', async () => {
    const [output] = await ws.run('pdf-to-pdfa', [file('letter.pdf', await lzwLetter())], { conformance: '2b' });
    const bytes = await readFile(output!.path);
    expect(bytes.includes('/LZWDecode')).toBe(false);
    expect(failedChecks(await validate('letter-pdfa.pdf', bytes))).toEqual([]);
  });
});

describe('validate-pdfa', () => {
  it('flags LZW compression', async () => {
    expect(failedChecks(await validate('letter.pdf', await lzwLetter()))).toContain('filters');
  });

  it('reports the failures of a plain PDF against PDF/A-2b', async () => {
    const report = await validate('plain.pdf', await textPdf(1));
    expect(report.level).toBe('PDF/A-2b');
    expect(report.conforms).toBe(false);
    expect(failedChecks(report)).toEqual(expect.arrayContaining(['metadata', 'output-intent', 'fonts']));
  });

  it("passes LibreOffice's PDF/A-1 export, checked as the PDF/A-1b it claims", async () => {
    const report = await validate('letter.pdf', libreOffice);
    expect(report.level).toBe('PDF/A-1b');
    expect(failedChecks(report)).toEqual([]);
    expect(report.conforms).toBe(true);
  });
});
