import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../test/zip.ts';
import { launcherPid } from '../process/launcher.ts';
import { runTool } from '../run-tool.ts';
import { childProcesses, file, processStat, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let canary: Server;
const hits: string[] = [];
let port = 0;
beforeAll(async () => {
  ws = await workspace();
  canary = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('caught');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  port = (canary.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => canary.close(resolve));
  await ws.dispose();
});

/** Processes whose command line names `path` (Chromium's profile lives in its job's folder). */
function processesMentioning(path: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

const page = (body: string, head = '') => Buffer.from(`<!DOCTYPE html>\n<html lang="en-AU"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`);

describe('html-to-pdf', () => {
  it('prints an HTML file on A4, or the paper asked for', async () => {
    const [a4] = await ws.run('html-to-pdf', [file('notice.html', page('<h1>Council notice</h1><p>Bins go out on Tuesday.</p>'))]);
    expect(a4!.filename).toBe('notice.pdf');
    expect(a4!.pages).toBe(1);
    const size = (await pdfOf(a4!)).getPage(0).getSize(); // Chromium rounds to whole pixels
    expect(Math.abs(size.width - 595.28)).toBeLessThan(1);
    expect(Math.abs(size.height - 841.89)).toBeLessThan(1);
    expect(pdfText(a4!.path)).toContain('Bins go out on Tuesday.');
    const [letter] = await ws.run('html-to-pdf', [file('notice.html', page('<p>Hi</p>'))], { pageSize: 'Letter' });
    expect(Math.round((await pdfOf(letter!)).getPage(0).getSize().width)).toBe(612);
  }, 60_000);

  it('prints a ZIP with its stylesheet and image, from index.html', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0a0' } }).png().toBuffer();
    const zip = buildZip([
      { name: 'site/about.html', data: '<!DOCTYPE html><html><body>Not this one</body></html>' },
      { name: 'site/index.html', data: '<!DOCTYPE html><html><head><link rel="stylesheet" href="css/main.css"></head><body><p class="x">Styled</p><img src="img/logo.png"></body></html>' },
      { name: 'site/css/main.css', data: '.x::after { content: " by the stylesheet"; }' },
      { name: 'site/img/logo.png', data: png },
    ]);
    const [out] = await ws.run('html-to-pdf', [file('site.zip', zip)]);
    expect(pdfText(out!.path)).toContain('Styled by the stylesheet');
    expect((await pdfOf(out!)).context.enumerateIndirectObjects().some(([, o]) => 'dict' in o && String((o as { dict: { toString(): string } }).dict).includes('/Subtype /Image'))).toBe(true);
  }, 60_000);

  it('lets nothing leave the machine, not even to loopback: fetch, images, styles, frames, websockets, links', async () => {
    const url = `http://127.0.0.1:${port}`;
    const hostile = page(
      `<img src="${url}/img"><iframe src="${url}/frame"></iframe><object data="${url}/object"></object><video src="${url}/video" autoplay></video>
       <iframe src="file:///etc/hostname"></iframe><p style="background:url(${url}/background)">Still printed</p>
       <script>fetch('${url}/fetch'); new WebSocket('ws://127.0.0.1:${port}/socket'); navigator.sendBeacon('${url}/beacon'); while (true) {}</script>`,
      `<link rel="stylesheet" href="${url}/css"><link rel="prefetch" href="${url}/prefetch"><link rel="dns-prefetch" href="//canary.example"><meta http-equiv="refresh" content="0;url=${url}/refresh"><style>@import url(${url}/import); @font-face { font-family: x; src: url(${url}/font); } body { font-family: x; }</style>`,
    );
    const [out] = await ws.run('html-to-pdf', [file('hostile.html', hostile)]);
    expect(pdfText(out!.path)).toContain('Still printed');
    expect(pdfText(out!.path)).not.toMatch(/caught/);
    expect(hits).toEqual([]);
  }, 60_000);

  it('stops a page that lays out to more pages than allowed, and one past the time budget', async () => {
    const long = page('<p style="page-break-after: always">Page</p>'.repeat(30));
    expect(await ws.fail('html-to-pdf', [file('long.html', long)], {}, { maxPages: 10 })).toBe('LIMIT_EXCEEDED');
    const huge = page('<table>' + '<tr><td>cell</td><td>cell</td></tr>'.repeat(400_000) + '</table>');
    expect(await ws.fail('html-to-pdf', [file('huge.html', huge)], {}, { processTimeoutMs: 3000 })).toBe('ENGINE_TIMEOUT');
    // The browser went with its print engine: no process is left working in this test's folders.
    await expect.poll(() => processesMentioning(ws.root), { timeout: 5000 }).toEqual([]);
  }, 60_000);

  // Chromium keeps a socket in its temp folder, and a socket's path may be only 107 bytes long: under a
  // data dir like this one, a job's folder was too deep, and every page failed with ENGINE_UNAVAILABLE.
  it('prints from a job folder under a long path, and leaves nothing in the temp folder', async () => {
    const dir = join(ws.root, 'a-data-dir-in-a-project-folder-of-a-customer'.padEnd(72, '-'));
    const temp = await mkdtemp(join(tmpdir(), 'wattle-test-temp-'));
    const tempBefore = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      await Promise.all(['in', 'work', 'out'].map((d) => mkdir(join(dir, d), { recursive: true })));
      await writeFile(join(dir, 'in', 'page.html'), page('<p>Printed from deep down</p>'));
      const [out] = await runTool('html-to-pdf', { inputs: [{ path: join(dir, 'in', 'page.html'), filename: 'page.html' }], options: {}, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
      expect(pdfText(out!.path)).toContain('Printed from deep down');
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      if (tempBefore === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tempBefore;
      await rm(temp, { recursive: true, force: true });
    }
  }, 60_000);

  it('leaves no browser behind when the job is cancelled mid-print (its print engine is killed)', async () => {
    const dir = await mkdtemp(join(ws.root, 'cancel-'));
    await Promise.all(['in', 'work', 'out'].map((d) => mkdir(join(dir, d))));
    const huge = join(dir, 'in', 'huge.html');
    await writeFile(huge, page('<table>' + '<tr><td>cell</td><td>cell</td></tr>'.repeat(400_000) + '</table>'));
    const controller = new AbortController();
    const job = runTool('html-to-pdf', { inputs: [{ path: huge, filename: 'huge.html' }], options: {}, workDir: join(dir, 'work'), outputDir: join(dir, 'out'), signal: controller.signal });
    // Cancel once the browser is printing, so it is the print engine's SIGKILL that has to take it.
    await expect.poll(() => processesMentioning(dir).length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(1);
    controller.abort(new Error('cancelled by user'));
    await expect(job).rejects.toThrow('cancelled by user');
    await expect.poll(() => processesMentioning(dir), { timeout: 5000 }).toEqual([]);
  }, 60_000);

  // The print engine's Playwright starts the browser in a session (and so an autogroup) of its own, whose
  // weight counts (performance log §114). (A helper that starts a session of its own lives a few milliseconds:
  // it is not the browser's.)
  it.runIf(existsSync('/proc/self/autogroup'))('prints in a browser started by the print engine, never by this process, whose scheduling group has the priority asked for', async () => {
    const below = (pid: number): { pid: number; command: string }[] => childProcesses(pid).flatMap((child) => [child, ...below(child.pid)]);
    const seen = new Set<string>();
    let leastNice = 19;
    let forkedHere = 0;
    let printing = true;
    const watch = (async () => {
      while (printing) {
        const browsers = childProcesses(launcherPid()).flatMap((engine) => childProcesses(engine.pid).filter((p) => p.command === 'chromium'));
        for (const browser of browsers) {
          try {
            for (const { pid } of [browser, ...below(browser.pid)]) {
              const stat = processStat(pid);
              if (!stat) continue; // exited while we looked
              leastNice = Math.min(leastNice, stat.nice);
              if (stat.session === browser.pid) seen.add(readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' nice ')[1]!);
            }
          } catch {
            // exited while we looked
          }
        }
        forkedHere += childProcesses(process.pid).filter((child) => child.command === 'chromium').length;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const slow = page('<table>' + '<tr><td>cell</td><td>cell</td></tr>'.repeat(5_000) + '</table>');
    await ws.run('html-to-pdf', [file('slow.html', slow)], {}, { processPriority: 'background', maxPages: 5000 }).finally(() => (printing = false));
    await watch;
    expect([...seen]).toEqual(['19']);
    // Nor does any of its processes raise its own priority, as Chromium does where it may (run as root).
    expect(leastNice).toBe(19);
    expect(forkedHere).toBe(0);
  }, 60_000);

  it('refuses a ZIP without a page, and a file that is no web page', async () => {
    expect(await ws.fail('html-to-pdf', [file('photos.zip', buildZip([{ name: 'a.txt', data: 'text' }]))])).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await ws.fail('html-to-pdf', [file('notes.html', Buffer.from('just some notes'))])).toBe('UNSUPPORTED_FILE_TYPE');
  });
});
