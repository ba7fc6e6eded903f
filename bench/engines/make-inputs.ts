/**
 * Writes the bench inputs into a directory, in its own process, so the bench's memory figures
 * measure the engines and not fixture generation.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scanPdf, textPdf } from '../../packages/pdf-engine/src/test/fixtures.ts';
import { docxDocument } from '../../packages/pdf-engine/src/test/office-docs.ts';
import { writePageToolInputs } from './page-tool-inputs.ts';

const [dir, scanPages, ocrPages] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
await mkdir(dir, { recursive: true });
await writePageToolInputs(dir);
await writeFile(join(dir, 'scan.pdf'), await scanPdf(scanPages, 300));
await writeFile(join(dir, 'text.pdf'), await textPdf(200, { words: (n) => `Body text of page ${n}. `.repeat(8) }));
await writeFile(join(dir, 'ocr-scan.pdf'), await scanPdf(ocrPages, 300, (page) => `Invoice ${1000 + page} Wattle Pty Ltd`));
await writeFile(join(dir, 'report.docx'), await docxDocument(10));
