import { EncryptedPDFError, ParseSpeeds, PDFDocument } from '@cantoo/pdf-lib';
import { EngineError } from '../errors.ts';

/**
 * pdf-lib load with its failures turned into codes. Inputs normally arrive repaired and decrypted
 * (prepare.ts), so a throw here means the file is beyond repair.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { parseSpeed: ParseSpeeds.Fast, updateMetadata: false, throwOnInvalidObject: false, warnOnInvalidObjects: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new EngineError('PDF_ENCRYPTED', 'This PDF needs a password.', undefined, { cause: error });
    throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.', undefined, { cause: error });
  }
}

/** Page count as pdf-lib sees it, or undefined when it cannot read the file at all. */
export async function pdfLibPageCount(bytes: Uint8Array): Promise<{ pages: number; encrypted: boolean } | undefined> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, parseSpeed: ParseSpeeds.Fast, updateMetadata: false, throwOnInvalidObject: false, warnOnInvalidObjects: false });
    return { pages: doc.getPageCount(), encrypted: doc.isEncrypted };
  } catch {
    return undefined;
  }
}
