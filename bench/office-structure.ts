/**
 * PDF -> Office on the structure test set, scored per feature:
 *   npm run bench:office-structure
 * The set's DOCX goes to PDF through our office-to-pdf, then back through pdf-to-word / -excel /
 * -powerpoint; beside ours, LibreOffice's own PDF import (cold `soffice --infilter=writer_pdf_import`)
 * on the same PDF. Prints scores (0 to 1) and times (BENCH_RUNS, default 3, alternated); never asserts.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { closeOfficePool, runTool } from '@wattle/pdf-engine';
import { median } from './engines/measure.ts';
import { listZip, readZipText } from '../packages/pdf-engine/src/detect/zip.ts';
import { structureDocx, VARIANTS } from '../packages/pdf-engine/src/test/structure-set.ts';
import { FEATURES, scoreDocx, scoreSheetRows, scoreSlideXml } from '../packages/pdf-engine/src/test/structure-score.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-structure-'));
let n = 0;
async function run(tool: Parameters<typeof runTool>[0], path: string, filename: string) {
  const dir = join(root, `run-${++n}`);
  await Promise.all([mkdir(join(dir, 'work'), { recursive: true }), mkdir(join(dir, 'out'), { recursive: true })]);
  const [out] = await runTool(tool, { inputs: [{ path, filename }], options: {}, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
  return out!.path;
}

try {
  for (const variant of VARIANTS) {
    const docx = join(root, `structure-${n}.docx`);
    await writeFile(docx, await structureDocx(variant));
    const pdf = await run('office-to-pdf', docx, 'structure.docx');

    // Three runs each, alternated, so the machine's load touches both alike; the score is the last run's.
    const peerDir = join(root, `peer-${n}`);
    const oursMs: number[] = [];
    const peerMs: number[] = [];
    let word = '';
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      word = await run('pdf-to-word', pdf, 'structure.pdf');
      oursMs.push(performance.now() - started);
      started = performance.now();
      execFileSync('soffice', [`-env:UserInstallation=file://${join(root, 'profile')}`, '--headless', '--infilter=writer_pdf_import', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', peerDir, pdf], { stdio: 'ignore' });
      peerMs.push(performance.now() - started);
    }
    const ours = await scoreDocx(word, variant.font);
    const peerFile = (await readdir(peerDir)).find((f) => f.endsWith('.docx'));
    const peer = peerFile ? await scoreDocx(join(peerDir, peerFile), variant.font) : undefined;

    console.log(`\n== ${variant.font}, ${variant.justified ? 'justified' : 'ragged right'} ==\nPDF to Word, structure set (1 = all kept)   load average ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ')}`);
    console.log(`${'feature'.padEnd(20)} ${'ours'.padStart(6)} ${'LibreOffice'.padStart(12)}`);
    for (const feature of FEATURES) console.log(`${feature.padEnd(20)} ${ours[feature].toFixed(2).padStart(6)} ${(peer?.[feature].toFixed(2) ?? '-').padStart(12)}`);
    const mean = (s: Record<string, number>) => (Object.values(s).reduce((a, b) => a + b, 0) / FEATURES.length).toFixed(2);
    console.log(`${'mean'.padEnd(20)} ${mean(ours).padStart(6)} ${(peer ? mean(peer) : '-').padStart(12)}`);
    const ms = (values: number[]) => `${Math.round(median(values))}/${Math.round(Math.min(...values))}`;
    console.log(`${'time ms (median/min)'.padEnd(20)} ${ms(oursMs).padStart(6)} ${ms(peerMs).padStart(12)}   (ours warm in-process, LibreOffice cold)`);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await run('pdf-to-excel', pdf, 'structure.pdf'));
    const rows: unknown[][] = [];
    for (const sheet of book.worksheets) sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    console.log(`PDF to Excel: table rows in cells, numbers as numbers   ${scoreSheetRows(rows).toFixed(2)}`);

    const pptx = await run('pdf-to-powerpoint', pdf, 'structure.pdf');
    const slides = (await listZip(pptx, 1000)).filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name));
    const xml = (await Promise.all(slides.map((e) => readZipText(pptx, e.name, 50_000_000, 1000)))).join('');
    console.log(`PDF to PowerPoint: text editable on the slides           ${scoreSlideXml(xml).toFixed(2)}`);
  }
} finally {
  await closeOfficePool();
  await rm(root, { recursive: true, force: true });
}
