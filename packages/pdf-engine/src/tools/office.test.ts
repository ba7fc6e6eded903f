import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeOfficePool, configureOffice } from '../office/pool.ts';
import { runTool } from '../run-tool.ts';
import { sofficeConvert, sofficeListener } from '../process/commands.ts';
import { liveCommandCount, runCommand, startCommand } from '../process/run-command.ts';
import { startCanary, type Canary } from '../test/canary.ts';
import { textPdf } from '../test/fixtures.ts';
import { childProcesses, file, pdfText, processStat, warmOfficeProcesses, workspace, type Workspace } from '../test/harness.ts';
import { docxBomb, docxDocument, docxWithExternalImage, odtDocument, odtWithExternalImage, odtWithMacro, xlsxDocument } from '../test/office-docs.ts';

let ws: Workspace;
let canary: Canary;
beforeAll(async () => {
  ws = await workspace();
  canary = await startCanary();
});
afterAll(async () => {
  await closeOfficePool();
  await canary.close();
  await ws.dispose();
  expect(liveCommandCount()).toBe(0);
  expect(childProcesses()).toEqual([]);
});

const MACRO_CONTROL = fileURLToPath(new URL('../test/macro-control.py', import.meta.url));

/** The warm LibreOffice listeners' processes. */
const listeners = () => childProcesses().filter((c) => /oosplash|soffice/.test(c.command)).map((c) => c.pid);

/** The warm listener's UNO driver (office/driver.ts). */
const officeDriver = () => childProcesses().find((c) => c.command === 'python3' && readFileSync(`/proc/${c.pid}/cmdline`, 'utf8').includes('--socket'))!;

/**
 * Starts a job and waits until the warm driver has taken its document (between documents the driver's
 * main thread sleeps on its socket: it first wakes for the request), or until the job has settled.
 */
async function whileConverting<T>(driver: number, start: () => Promise<T>): Promise<{ job: Promise<T>; converting: boolean }> {
  const wakes = () => /voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${driver}/status`, 'utf8'))?.[1];
  const idle = wakes();
  let settled = false;
  const job = start().finally(() => (settled = true));
  job.catch(() => {}); // the caller awaits it
  while (wakes() === idle && !settled) await new Promise((resolve) => setTimeout(resolve, 2));
  return { job, converting: !settled };
}

describe('office to PDF', () => {
  it.each([
    ['report.docx', () => docxDocument(3), 3, 'Quarterly report section 3'],
    ['budget.xlsx', xlsxDocument, 1, 'Power'],
    ['letter.odt', async () => odtDocument('Dear Sir or Madam, from Hobart.'), 1, 'Hobart'],
    ['notes.txt', async () => Buffer.from('Plain notes from Darwin\nwith ünïcödé and 漢字\n'), 1, 'Darwin'],
  ])('converts %s', async (name, make, pages, text) => {
    const [out] = await ws.run('office-to-pdf', [file(name, await make())]);
    expect(out).toMatchObject({ filename: name.replace(/\.\w+$/, '.pdf'), contentType: 'application/pdf', pages });
    expect(pdfText(out!.path)).toContain(text);
  });

  it('decides the type by content, not by name', async () => {
    expect(await ws.fail('office-to-pdf', [file('fake.docx', await textPdf(1))])).toBe('UNSUPPORTED_FILE_TYPE');
    const [out] = await ws.run('office-to-pdf', [file('really-a-docx.txt', await docxDocument(1))]);
    expect(pdfText(out!.path)).toContain('Quarterly report section 1');
  });

  it('refuses a zip bomb before LibreOffice opens it', async () => {
    const limits = { maxUnpackedBytes: 20 * 1024 * 1024 };
    expect(await ws.fail('office-to-pdf', [file('bomb.docx', docxBomb(64 * 1024 * 1024))], {}, limits)).toBe('LIMIT_EXCEEDED');
    // Headers that lie about the size: the real inflate finds more bytes than declared, a damaged file.
    expect(await ws.fail('office-to-pdf', [file('liar.docx', docxBomb(64 * 1024 * 1024, 100))], {}, limits)).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('never fetches external images (canary silent), while an unprotected LibreOffice does', async () => {
    const docx = docxWithExternalImage(canary.url('/from-docx.png'));
    const odt = odtWithExternalImage(canary.url('/from-odt.png'));
    const [a] = await ws.run('office-to-pdf', [file('linked.docx', docx)]);
    const [b] = await ws.run('office-to-pdf', [file('linked.odt', odt)]);
    expect(pdfText(a!.path)).toContain('Linked picture below');
    expect(pdfText(b!.path)).toContain('Linked image below');
    expect(canary.hits).toEqual([]);

    // Positive control: a bare profile with the network, converting the same files, hits the canary.
    const dir = join(ws.root, 'control');
    await mkdir(join(dir, 'out'), { recursive: true });
    for (const [name, bytes] of [['linked.docx', docx], ['linked.odt', odt]] as const) {
      await writeFile(join(dir, name), bytes);
      const filters = name.endsWith('docx') ? { import: 'MS Word 2007 XML', export: 'writer_pdf_Export' } : { import: 'writer8', export: 'writer_pdf_Export' };
      const spec = sofficeConvert(join(dir, 'bare-profile'), join(dir, name), join(dir, 'out'), filters);
      await runCommand(spec, { cwd: dir, timeoutMs: 60_000 });
    }
    expect(canary.hits).toEqual(expect.arrayContaining(['/from-docx.png', '/from-odt.png']));
    canary.hits.length = 0;
  });

  it('never runs document macros; the same macro runs when macros are allowed', async () => {
    const marker = join(ws.root, 'macro-ran');
    const doc = odtWithMacro(marker);
    const [out] = await ws.run('office-to-pdf', [file('macro.odt', doc)]);
    expect(pdfText(out!.path)).toContain('Document with a macro');
    expect(existsSync(marker)).toBe(false);

    // Positive control: the same file on a listener with macro security low, loaded visibly with macros allowed, runs its macro.
    const dir = join(ws.root, 'macro-control');
    await mkdir(join(dir, 'low-profile', 'user'), { recursive: true });
    await writeFile(
      join(dir, 'low-profile', 'user', 'registrymodifications.xcu'),
      '<?xml version="1.0" encoding="UTF-8"?><oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema">' +
        '<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>0</value></prop></item></oor:items>',
    );
    await writeFile(join(dir, 'macro.odt'), doc);
    const pipe = `wattle_macro_control_${process.pid}`;
    const listener = startCommand(sofficeListener(join(dir, 'low-profile'), pipe), { cwd: dir, timeoutMs: 120_000 });
    try {
      const args = [MACRO_CONTROL, pipe, join(dir, 'macro.odt'), join(dir, 'macro.pdf'), marker];
      const result = await runCommand({ command: 'python3', args }, { cwd: dir, timeoutMs: 60_000 });
      expect(result.stdout.toString().trim()).toBe('done');
      expect(await readFile(marker, 'utf8')).toContain('macro ran');
    } finally {
      listener.kill();
      await listener.result.catch(() => {});
      await rm(marker, { force: true });
    }
  });

  it("runs the listener and its driver only on idle CPU, as the office pool's other engines", async () => {
    await ws.run('office-to-pdf', [file('a.docx', await docxDocument(1))]);
    const warm = [...listeners(), officeDriver().pid];
    expect(warm.map((pid) => processStat(pid)?.policy)).toEqual(warm.map(() => 5)); // SCHED_IDLE
  });

  it('keeps the listener warm across documents, restarts it after N, sweeps dead workers\' dirs', async () => {
    await closeOfficePool();
    const baseDir = join(ws.root, 'office-base');
    const stale = join(baseDir, 'wattle-office-4194999-dead');
    const staleSocket = join(tmpdir(), 'wattle-uno-4194999-dead'); // its driver's socket dir
    await mkdir(stale, { recursive: true });
    await mkdir(staleSocket, { recursive: true });
    configureOffice({ restartAfter: 2, baseDir });
    try {
      const docx = await docxDocument(1);
      const listenersAfterADocument = async () => {
        await ws.run('office-to-pdf', [file('a.docx', docx)]);
        return listeners();
      };
      const first = await listenersAfterADocument(); // started, one document done
      expect(first).toHaveLength(1);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(staleSocket)).toBe(false);
      expect(await listenersAfterADocument()).toEqual([]); // second document: replaced after it
      const third = await listenersAfterADocument(); // a fresh listener
      expect(third).toHaveLength(1);
      expect(third).not.toEqual(first);
    } finally {
      await closeOfficePool();
      configureOffice({ restartAfter: 50, baseDir: tmpdir() });
    }
  });

  // A UNO driver that dies by a signal (pyuno has crashed at random, one first document in a few
  // runs of bench:memory) says nothing about the document: it is converted cold instead.
  it('converts the document cold when the driver crashes during it, and the next document starts a fresh listener', async () => {
    await closeOfficePool();
    const docx = await docxDocument(40);
    await ws.run('office-to-pdf', [file('warm-up.docx', docx)]);
    const before = listeners();
    const driver = officeDriver().pid;
    const { job, converting } = await whileConverting(driver, () => ws.run('office-to-pdf', [file('report.docx', docx)]));
    const crashed = converting && process.kill(driver, 'SIGSEGV');
    const [out] = await job;
    expect(crashed).toBe(true);
    expect(out).toMatchObject({ pages: 40 });
    expect(pdfText(out!.path)).toContain('Quarterly report section 40');
    expect(listeners()).toEqual([]); // stopped with its driver
    await ws.run('office-to-pdf', [file('next.docx', docx)]);
    expect(listeners()).toHaveLength(1);
    expect(listeners()).not.toEqual(before);
  });

  it('fails a document that runs past the time for one engine run, and stops its listener and driver', async () => {
    await closeOfficePool();
    const docx = await docxDocument(40);
    await ws.run('office-to-pdf', [file('warm-up.docx', docx)]);
    expect(warmOfficeProcesses()).toBe(2);
    expect(await ws.fail('office-to-pdf', [file('slow.docx', docx)], {}, { processTimeoutMs: 20 })).toBe('ENGINE_TIMEOUT');
    expect(warmOfficeProcesses()).toBe(0);
  });

  it('stops the listener and driver of a document whose job is cancelled', async () => {
    await closeOfficePool();
    const docx = await docxDocument(40);
    await ws.run('office-to-pdf', [file('warm-up.docx', docx)]);
    const input = join(ws.root, 'cancelled.docx');
    await writeFile(input, docx);
    const controller = new AbortController();
    const { job, converting } = await whileConverting(officeDriver().pid, () =>
      runTool('office-to-pdf', { inputs: [{ path: input, filename: 'cancelled.docx' }], options: {}, workDir: join(ws.root, 'cancelled-work'), outputDir: join(ws.root, 'cancelled-out'), signal: controller.signal }),
    );
    controller.abort(new Error('cancelled by the user'));
    expect(converting).toBe(true);
    await expect(job).rejects.toThrow('cancelled by the user');
    expect(warmOfficeProcesses()).toBe(0);
  });

  it('starts a fresh driver and listener for the next document when the driver died between documents', async () => {
    await closeOfficePool();
    const docx = await docxDocument(1);
    await ws.run('office-to-pdf', [file('first.docx', docx)]);
    const before = listeners();
    const driver = officeDriver();
    process.kill(driver.pid, 'SIGSEGV');
    await vi.waitFor(() => expect(existsSync(`/proc/${driver.pid}`)).toBe(false), { timeout: 5000, interval: 10 });
    const [out] = await ws.run('office-to-pdf', [file('second.docx', docx)]);
    expect(pdfText(out!.path)).toContain('Quarterly report section 1');
    expect(listeners()).toHaveLength(1);
    expect(listeners()).not.toEqual(before);
  });

  it('stops a listener left idle and starts one again for the next document', async () => {
    await closeOfficePool();
    configureOffice({ idleMs: 300 });
    try {
      const docx = await docxDocument(1);
      await ws.run('office-to-pdf', [file('a.docx', docx)]);
      const first = listeners();
      expect(first).toHaveLength(1);
      await vi.waitFor(() => expect(listeners()).toEqual([]), { timeout: 30_000, interval: 100 });
      const [out] = await ws.run('office-to-pdf', [file('b.docx', docx)]);
      expect(pdfText(out!.path)).toContain('Quarterly report section 1');
      const second = listeners();
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
    } finally {
      await closeOfficePool();
      configureOffice({ idleMs: 3 * 60_000 });
    }
  });
});
