import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, PDFHeader, PDFName, PDFString } from '@cantoo/pdf-lib';
import type { ToolOutput } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { forbiddenInPdfa, removeActiveContent } from '../pdf/active-content.ts';
import { fixAnnotations } from '../pdf/annotation-appearances.ts';
import { addCidSets } from '../pdf/cid-sets.ts';
import { loadPdf } from '../pdf/load.ts';
import { checkPdfa, claimedLevel, unembeddedFontDicts, type PdfaCheck, type PdfaLevel } from '../pdf/pdfa-checks.ts';
import { fixGraphics, usesTransparency } from '../pdf/pdfa-graphics.ts';
import { tidyInfoStrings, pdfaXmp } from '../pdf/pdfa-xmp.ts';
import { embedSubstituteFonts } from '../pdf/font-substitutes.ts';
import { cmykProfile, CMYK_PROFILE_NAME } from '../pdf/cmyk-profile.ts';
import { setDefaultColourSpace, uncoveredDeviceSpaces } from '../pdf/device-colours.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { qpdfSucceeded } from '../pdf/qpdf.ts';
import { drawScriptText } from '../pdf/script-text.ts';
import { checkedOutput, openPrepared } from '../pdf/write.ts';
import type { Operation } from './operation.ts';

/**
 * PDF/A in pdf-lib and qpdf (LibreOffice cannot open a PDF to export it again): scripts go, comments
 * and fields get the appearances PDF/A asks for, an output intent matching the device colours and the XMP claim come in, qpdf writes the version, the file
 * identifier and, for PDF/A-1, no object streams. The result must pass every check the engine can make.
 */

const SRGB = new URL('../pdf/srgb.icc', import.meta.url);
const PRODUCER = 'Wattle PDF';

export const pdfToPdfa: Operation<'pdf-to-pdfa'> = async ([input], { conformance }, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  // First: the form's default fonts become the face its fields are drawn in, before fonts are counted.
  await fixAnnotations(doc, conformance);
  fixGraphics(doc);
  const fonts = await embedSubstituteFonts(doc, unembeddedFontDicts(doc));
  if (fonts.length > 0) throw new EngineError('PDFA_FONTS_NOT_EMBEDDED', `These fonts are not embedded: ${fonts.join(', ')}.`, { fonts });
  if (conformance === '1b' && usesTransparency(doc)) throw new EngineError('PDFA_TRANSPARENCY', 'PDF/A-1b does not allow transparency.', { conformance });

  removeActiveContent(doc, forbiddenInPdfa);
  // The faces appearances were drawn in are embedded now, so CIDSets and the colour scan see them.
  await doc.flush();
  if (conformance === '1b') addCidSets(doc);
  doc.catalog.delete(PDFName.of('Version'));
  doc.context.header = conformance === '1b' ? PDFHeader.forVersion(1, 4) : PDFHeader.forVersion(1, 7);
  tidyInfoStrings(doc);
  doc.setProducer(PRODUCER);
  doc.setModificationDate(new Date());
  // Rewritten in the form XMP's date is made from: readers compare the two (Ghostscript writes Z00'00').
  doc.setCreationDate(doc.getCreationDate() ?? new Date());
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(doc.context.stream(Buffer.from(pdfaXmp(doc, conformance), 'utf8'), { Type: 'Metadata', Subtype: 'XML' })));
  await setOutputIntent(doc);

  const staged = join(ctx.dir, `pdfa-${randomUUID()}.pdf`);
  await writeFile(staged, await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
  const target = ctx.output(outputFilename(pdf.filename, 'pdfa', 'pdf'));
  const version = conformance === '1b' ? ['--force-version=1.4', '--object-streams=disable'] : ['--object-streams=generate'];
  // PDF/A wants an end-of-line before endstream; qpdf also writes the trailer's file identifier.
  if (!qpdfSucceeded(await ctx.run({ command: 'qpdf', args: ['--newline-before-endstream', ...version, staged, target.path] }))) {
    throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this PDF.');
  }
  const checks = await checksOf(target.path, conformance);
  const failed = checks.filter((c) => !c.passed);
  if (failed.length > 0) throw new EngineError('PDFA_CHECKS_FAILED', `The result did not pass: ${failed.map((c) => c.detail).join(' ')}`, { failed: failed.map((c) => c.id) });
  const message = `PDF/A-${conformance}: passed ${checks.length} checks (${checks.map((c) => c.name.toLowerCase()).join('; ')}).`;
  return [await checkedOutput(ctx, target, pdf.pages, [{ code: 'PDFA_CHECKED', message }])];
};

/**
 * PDF/A lets device colours through only in the output intent's colour space: a document painted in
 * DeviceCMYK alone gets a CMYK intent; one that mixes it with DeviceRGB gets sRGB, and its CMYK is
 * made device-independent by a DefaultCMYK colour space (ISO 19005-2, 6.2.4.3).
 */
async function setOutputIntent(doc: PDFDocument): Promise<void> {
  const device = uncoveredDeviceSpaces(doc);
  const cmykOnly = device.has('cmyk') && !device.has('rgb');
  const cmyk = device.has('cmyk') ? doc.context.register(doc.context.flateStream(cmykProfile(), { N: 4 })) : undefined;
  const profile = cmykOnly ? cmyk! : doc.context.register(doc.context.flateStream(await readFile(SRGB), { N: 3 }));
  const condition = cmykOnly ? CMYK_PROFILE_NAME : 'sRGB IEC61966-2.1';
  const intent = doc.context.obj({ Type: 'OutputIntent', S: 'GTS_PDFA1', OutputConditionIdentifier: PDFString.of(cmykOnly ? 'Custom' : condition), Info: PDFString.of(condition), DestOutputProfile: profile });
  doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([doc.context.register(intent)]));
  if (cmyk && !cmykOnly) setDefaultColourSpace(doc, 'cmyk', cmyk);
}

async function checksOf(path: string, level: PdfaLevel): Promise<PdfaCheck[]> {
  const bytes = await readFile(path);
  return checkPdfa(await loadPdf(bytes), bytes, level);
}

/** Checks an input against the level it claims (PDF/A-2b when it claims none), in a report PDF and JSON. */
export const validatePdfa: Operation<'validate-pdfa'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const level = claimedLevel(doc) ?? '2b';
  // The file as uploaded, not as prepared: a repaired or decrypted copy would hide what is wrong.
  const bytes = await readFile(input!.path);
  const checks = checkPdfa(pdf.path === input!.path ? doc : await loadPdf(bytes), bytes, level);
  const conforms = checks.every((c) => c.passed);
  const verdict = conforms ? `Passed every check for PDF/A-${level} that can be made here.` : `Failed ${checks.filter((c) => !c.passed).length} of ${checks.length} checks for PDF/A-${level}.`;
  ctx.checkAborted();

  const report = await PDFDocument.create();
  report.setTitle(`PDF/A check of ${pdf.filename}`);
  const page = report.addPage([595.28, 841.89]);
  let y = page.getHeight() - 54;
  await drawScriptText(report, page, 'PDF/A check', { x: 36, y, size: 18 });
  for (const line of [`File: ${pdf.filename}`, verdict, '', ...checks.map((c) => `${c.passed ? 'Passed' : 'Failed'}: ${c.name}${c.detail ? `. ${c.detail}` : ''}`)]) {
    y -= 16;
    if (line) await drawScriptText(report, page, line, { x: 36, y, size: 10 });
  }
  const pdfTarget = ctx.output(outputFilename(pdf.filename, 'pdfa-check', 'pdf'));
  await writeFile(pdfTarget.path, await report.save());
  const jsonTarget = ctx.output(outputFilename(pdf.filename, 'pdfa-check', 'json'));
  await writeFile(jsonTarget.path, JSON.stringify({ file: pdf.filename, level: `PDF/A-${level}`, claimed: claimedLevel(doc) !== undefined, conforms, checks }, null, 2));
  const json: ToolOutput = { path: jsonTarget.path, filename: jsonTarget.filename, contentType: 'application/json' };
  return [await checkedOutput(ctx, pdfTarget, 1), json];
};
