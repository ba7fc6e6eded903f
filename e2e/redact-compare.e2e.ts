import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { openPage, openSignedInPage, type PageHost } from './support/pages.ts';
import { screenshot } from './support/browser.ts';
import { seriousAxeViolations } from './support/axe.ts';

let host: PageHost;

beforeAll(async () => {
  const [app, browser] = (await Promise.all([startApp(), launchBrowser()])) as [RunningApp, Browser];
  host = { app, browser, contexts: [] };
});
afterAll(async () => {
  for (const context of host?.contexts ?? []) await context.close();
  await host?.browser.close();
  await host?.app.stop();
});

/** A letter with a code name on both pages and a tax file number on the first. */
async function letter(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Project Kestrel: TFN 123 456 782', { x: 72, y: 760, size: 14, font });
  doc.addPage([595, 842]).drawText('More about Project Kestrel', { x: 72, y: 760, size: 14, font });
  return Buffer.from(await doc.save());
}

const textOf = async (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });

describe('redact and compare on their tool pages', () => {
  it('redact: the preview lists every match, an unticked match stays, the rest is removed', async () => {
    const { page, errors } = await openPage(host, 'desktop');
    await page.goto('/tools/redact');
    await page.getByRole('heading', { name: 'Redact PDF' }).waitFor();
    await page.locator('input[type=file]').setInputFiles([{ name: 'letter.pdf', mimeType: 'application/pdf', buffer: await letter() }]);

    await page.getByLabel('Words or phrases').fill('project kestrel');
    await page.getByLabel('Tax file numbers').check();
    const redactButton = page.getByRole('button', { name: 'Redact PDF' });
    expect(await redactButton.isDisabled()).toBe(true); // nothing is removed before the matches are seen
    await page.getByRole('button', { name: 'Find matches' }).click();
    await page.getByRole('heading', { name: '3 matches: untick any to keep' }).waitFor();
    await screenshot(page, 'redact-preview');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Page 2: “Project Kestrel”').uncheck();

    await redactButton.click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toBe('letter-redacted.pdf');
    const [one, two] = (await textOf((await download.path())!)).split('\f');
    expect(one).not.toMatch(/Kestrel|123 456 782/);
    expect(two).toContain('More about Project Kestrel'); // unticked: kept
    expect(errors).toEqual([]);
  });

  it('redact: an area drawn on the page (or typed) is blacked out, on a phone too', async () => {
    const { page, errors } = await openPage(host, 'phone', 'dark');
    await page.goto('/tools/redact');
    await page.locator('input[type=file]').setInputFiles([{ name: 'letter.pdf', mimeType: 'application/pdf', buffer: await letter() }]);
    const picker = page.getByTestId('area-picker');
    await picker.scrollIntoViewIfNeeded();
    const box = (await picker.boundingBox())!;
    // The text sits 82 pt from the top of a 842 pt page: drag across the top left of the page.
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.15, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('group', { name: 'Area 1' }).waitFor();
    await screenshot(page, 'redact-area-phone-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Redact PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    const [one, two] = (await textOf((await download.path())!)).split('\f');
    expect(one!.trim()).toBe('');
    expect(two).toContain('Project Kestrel');
    expect(errors).toEqual([]);
  });

  it('redact in a batch: words and presets from the generated form, every file redacted', async () => {
    const { page, errors } = await openSignedInPage(host, 'desktop');
    await page.goto('/dashboard/batch');
    await page.getByRole('heading', { name: 'Batch Process' }).waitFor();
    await page.getByRole('combobox', { name: 'Tool' }).click();
    await page.getByRole('option', { name: 'Redact PDF' }).click();
    await page.getByLabel('Words or phrases').fill('Page 1');
    await page.getByLabel('Tax file numbers').check();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'april.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) },
      { name: 'may.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 1 }) },
    ]);
    await page.getByRole('button', { name: 'Run on 2 documents' }).click();
    await page.getByText('Finished: 2 done.').waitFor();
    expect(errors).toEqual([]);
  });

  it('compare: two versions in, a report PDF and its JSON out', async () => {
    const { page, errors } = await openPage(host, 'desktop');
    await page.goto('/tools/compare');
    await page.getByRole('heading', { name: 'Compare PDFs' }).waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'v1.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) },
      { name: 'v2.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 3 }) },
    ]);
    await page.getByRole('button', { name: 'Compare PDFs' }).click();
    await page.getByRole('heading', { name: 'Your 2 files are ready' }).waitFor();
    await screenshot(page, 'compare-result');
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download .*comparison\.pdf/ }).click()]);
    expect(await textOf((await report.path())!)).toContain('Page 3: only in the second file.');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download .*comparison\.json/ }).click()]);
    expect(JSON.parse(await readFile((await json.path())!, 'utf8')).pages).toMatchObject([{ page: 3, status: 'added' }]);
    expect(errors).toEqual([]);
  });
});
