import { decodePDFRawStream, PDFName, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import type { ToolNote } from '../context.ts';

/**
 * What an input promises about its format, so a tool keeps it where it can: the PDF version (object
 * streams need 1.5) and a PDF/A claim (PDF/A-1 forbids object streams). A tool that cannot keep the
 * claim says so in a note on its output.
 */
export interface PdfProfile {
  /** Header version, e.g. 1.4. */
  version: number;
  /** The XMP claim, e.g. "PDF/A-1b"; undefined when the file claims none. */
  pdfa?: string;
  pdfaPart?: number;
}

/**
 * Read from the raw bytes: PDF/A requires its XMP stream to be unfiltered, so a byte search finds the
 * claim (`pdfaid`: where it is, when the stream walk has found it already).
 */
export function profileOfBytes(bytes: Buffer, pdfaid = bytes.indexOf('pdfaid:')): PdfProfile {
  const header = /%PDF-(\d\.\d)/.exec(bytes.toString('latin1', 0, 1024));
  const claim = pdfaid < 0 ? undefined : parsePdfaClaim(bytes.toString('latin1', Math.max(0, pdfaid - 2048), pdfaid + 2048));
  return { version: header ? Number(header[1]) : 1.7, ...claim };
}

/** Read from a loaded document's catalog (the document a tool is about to save). */
export function profileOfDocument(doc: PDFDocument): PdfProfile {
  const version = Number(doc.context.header.getVersionString());
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(metadata instanceof PDFRawStream)) return { version };
  try {
    return { version, ...parsePdfaClaim(Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8')) };
  } catch {
    return { version };
  }
}

/** XMP writes pdfaid as elements (LibreOffice) or attributes (Ghostscript, Acrobat); levels a, b, u, e, f. */
function parsePdfaClaim(xmp: string): Pick<PdfProfile, 'pdfa' | 'pdfaPart'> {
  const value = (key: string) => new RegExp(`pdfaid:${key}\\s*(?:=\\s*["']|>)\\s*([A-Za-z0-9])`).exec(xmp)?.[1];
  const part = Number(value('part'));
  if (!(part >= 1 && part <= 4)) return {};
  return { pdfa: `PDF/A-${part}${value('conformance')?.toLowerCase() ?? ''}`, pdfaPart: part };
}

/** Takes the claim out of the catalog's XMP, so a result that is no longer PDF/A does not say it is. */
export function dropPdfaClaim(doc: PDFDocument): void {
  const ref = doc.catalog.get(PDFName.of('Metadata'));
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(ref instanceof PDFRef) || !(metadata instanceof PDFRawStream)) return;
  const xmp = Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8');
  const cleaned = xmp
    .replace(/<pdfaid:(part|conformance|amd|rev)>[^<]*<\/pdfaid:\1>/g, '')
    .replace(/\s+pdfaid:(part|conformance|amd|rev)\s*=\s*(["'])[^"']*\2/g, '');
  if (cleaned !== xmp) doc.context.assign(ref, doc.context.stream(Buffer.from(cleaned, 'utf8'), { Type: 'Metadata', Subtype: 'XML' }));
}

/** Object streams make files smaller, but PDF before 1.5 cannot hold them and PDF/A-1 forbids them. */
export const objectStreamsAllowed = (profile: PdfProfile) => profile.version >= 1.5 && profile.pdfaPart !== 1;

/** pdf-lib save options that keep the document's version and conformance. */
export const saveOptions = (doc: PDFDocument) => ({ useObjectStreams: objectStreamsAllowed(profileOfDocument(doc)) });

/** The note for an output that can no longer be called PDF/A; nothing when the input made no claim. */
export function pdfaNotKept(profiles: readonly PdfProfile[], why: string): ToolNote[] {
  const claims = [...new Set(profiles.map((p) => p.pdfa).filter((c): c is string => !!c))];
  if (claims.length === 0) return [];
  return [{ code: 'PDFA_NOT_KEPT', message: `The result is no longer ${claims.join(' or ')}: ${why}.` }];
}
