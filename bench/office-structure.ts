/**
 * PDF -> Office on the structure test set, scored per feature:
 *   npm run bench:office-structure
 * The set's DOCX goes to PDF through our office-to-pdf, then back through pdf-to-word / -excel /
 * -powerpoint; beside ours, LibreOffice's own PDF import (cold `soffice --infilter=writer_pdf_import`)
 * on the same PDF. Prints scores (0 to 1); never asserts.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { closeOfficePool, runTool } from '@wattle/pdf-engine';
import { listZip, readZipText } from '../packages/pdf-engine/src/detect/zip.ts';
import { structureDocx } from '../packages/pdf-engine/src/test/structure-set.ts';
import { FEATURES, scoreDocx, scoreSheetRows, scoreSlideXml } from '../packages/pdf-engine/src/test/structure-score.ts';

const root = await mkdtemp(join(tmpdir(), 'wattle-bench-structure-'));
let n = 0;
async function run(tool: Parameters<typeof runTool>[0], path: string, filename: string) {
  const dir = join(root, `run-${++n}`);
  await Promise.all([mkdir(join(dir, 'work'), { recursive: true }), mkdir(join(dir, 'out'), { recursive: true })]);
  const [out] = await runTool(tool, { inputs: [{ path, filename }], options: {}, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
  return out!.path;
}

try {
  const docx = join(root, 'structure.docx');
  await writeFile(docx, await structureDocx());
  const pdf = await run('office-to-pdf', docx, 'structure.docx');

  const ours = await scoreDocx(await run('pdf-to-word', pdf, 'structure.pdf'));
  const peerDir = join(root, 'peer');
  await mkdir(peerDir);
  execFileSync('soffice', [`-env:UserInstallation=file://${join(root, 'profile')}`, '--headless', '--infilter=writer_pdf_import', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', peerDir, pdf], { stdio: 'ignore' });
  const peerFile = (await readdir(peerDir)).find((f) => f.endsWith('.docx'));
  const peer = peerFile ? await scoreDocx(join(peerDir, peerFile)) : undefined;

  console.log(`PDF to Word, structure set (1 = all kept)   load average ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ')}`);
  console.log(`${'feature'.padEnd(20)} ${'ours'.padStart(6)} ${'LibreOffice'.padStart(12)}`);
  for (const feature of FEATURES) console.log(`${feature.padEnd(20)} ${ours[feature].toFixed(2).padStart(6)} ${(peer?.[feature].toFixed(2) ?? '-').padStart(12)}`);
  const mean = (s: Record<string, number>) => (Object.values(s).reduce((a, b) => a + b, 0) / FEATURES.length).toFixed(2);
  console.log(`${'mean'.padEnd(20)} ${mean(ours).padStart(6)} ${(peer ? mean(peer) : '-').padStart(12)}`);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await run('pdf-to-excel', pdf, 'structure.pdf'));
  const rows: unknown[][] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  console.log(`\nPDF to Excel: table rows in cells, numbers as numbers   ${scoreSheetRows(rows).toFixed(2)}`);

  const pptx = await run('pdf-to-powerpoint', pdf, 'structure.pdf');
  const slides = (await listZip(pptx, 1000)).filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name));
  const xml = (await Promise.all(slides.map((e) => readZipText(pptx, e.name, 50_000_000, 1000)))).join('');
  console.log(`PDF to PowerPoint: text editable on the slides           ${scoreSlideXml(xml).toFixed(2)}`);
} finally {
  await closeOfficePool();
  await rm(root, { recursive: true, force: true });
}
