/**
 * Writes the benchmark's inputs into the directory given as the first argument. Run as its own
 * process, so making them (sharp, pdf-lib) never counts towards the memory being measured.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { docxDocument } from '../../packages/pdf-engine/src/test/office-docs.ts';
import { scanPdf } from '../../packages/pdf-engine/src/test/fixtures.ts';
import { writePageToolInputs } from '../engines/page-tool-inputs.ts';

const dir = process.argv[2]!;
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 10);
const OCR_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 5);
const DOCX_PAGES = Number(process.env.BENCH_DOCX_PAGES ?? 10);

await mkdir(join(dir, 'pages'), { recursive: true });
await writePageToolInputs(join(dir, 'pages'));
await writeFile(join(dir, 'scan.pdf'), await scanPdf(SCAN_PAGES, 300));
await writeFile(join(dir, 'ocr.pdf'), await scanPdf(OCR_PAGES, 300, (n) => `Invoice ${1000 + n} Wattle Pty Ltd`));
await writeFile(join(dir, 'report.docx'), await docxDocument(DOCX_PAGES));
