import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_PDF_SIZE } from '@wattle/shared';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { scanPdf } from '../packages/pdf-engine/src/test/fixtures.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

/**
 * The tool experience of issue 12: files shown with their first page, page count and size, put in order
 * by dragging, by keyboard and A–Z, turned one by one; the result previewed with what changed, carried
 * on to another tool without a download and upload, and deleted at once.
 */

const host = appAndBrowserForFile();

/** A PDF whose pages have their own size, so the merged order can be read back from the page sizes. */
async function sizedPdf(name: string, size: [number, number], pages = 1) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage(size).drawText(`${name} page ${i}`, { x: 40, y: size[1] - 60, size: 16, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

const A4: [number, number] = [595, 842];
const A5: [number, number] = [420, 595];
const LETTER: [number, number] = [612, 792];

async function pagesOf(bytes: Buffer) {
  return (await PDFDocument.load(bytes, { ignoreEncryption: true })).getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight()), p.getRotation().angle % 360]);
}

const rowNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Chosen files' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('[title]')?.getAttribute('title')));

/** No serious axe finding, and nothing wider than the screen. */
async function expectNoSeriousViolations(page: Page, label: string) {
  expect(await seriousAxeViolations(page), label).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe('tool experience', () => {
  it('merge: thumbnails with page counts, sorted A–Z, dragged and moved by keyboard, one file turned; the output keeps that order', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/merge');
    await page.locator('input[type=file]').setInputFiles([await sizedPdf('c-letter.pdf', LETTER), await sizedPdf('a-a4.pdf', A4), await sizedPdf('b-a5.pdf', A5, 2)]);
    const chosen = page.getByRole('list', { name: 'Chosen files' });
    // pdf.js has read every file: a drawn first page and its page count on each row.
    await chosen.getByRole('listitem').filter({ hasText: 'b-a5.pdf' }).getByText(/· 2 pages/).waitFor();
    await expect.poll(() => chosen.locator('canvas').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => chosen.getByText(/· 1 page\b/).count(), { timeout: 15_000 }).toBe(2);
    await expectNoSeriousViolations(page, 'merge with files');

    await page.getByRole('button', { name: 'Sort A–Z' }).click();
    expect(await rowNames(page)).toEqual(['a-a4.pdf', 'b-a5.pdf', 'c-letter.pdf']);
    // Drag the Letter file to the top.
    await chosen.getByRole('listitem').filter({ hasText: 'c-letter.pdf' }).dragTo(chosen.getByRole('listitem').filter({ hasText: 'a-a4.pdf' }));
    await expect.poll(() => rowNames(page)).toEqual(['c-letter.pdf', 'a-a4.pdf', 'b-a5.pdf']);
    // And by keyboard: the A5 file up one place.
    await page.getByRole('button', { name: 'Move b-a5.pdf up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rowNames(page)).toEqual(['c-letter.pdf', 'b-a5.pdf', 'a-a4.pdf']);
    await page.getByRole('button', { name: 'Rotate c-letter.pdf' }).click();
    await chosen.getByText(/turned 90°/).waitFor();
    await screenshot(page, 'tool-experience-merge-files');

    await page.getByRole('button', { name: 'Merge PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    await page.getByText('3 PDFs combined into one of 4 pages').waitFor();
    await page.getByRole('figure', { name: /First page of/ }).locator('canvas').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download .*\.pdf$/ }).click()]);
    expect(await pagesOf(await readFile((await download.path())!))).toEqual([
      [...LETTER, 90],
      [...A5, 0],
      [...A5, 0],
      [...A4, 0],
    ]);
    await expectNoSeriousViolations(page, 'merge result');
    await context.close();
  });

  it('compress shows the saving, continues to Protect without a download or upload, and deletes the result at once', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.goto('/tools/compress');
    await page.locator('input[type=file]').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: await scanPdf(1) });
    // Focus follows the new content: the chosen files' heading (the chooser it replaces is gone), then the result's.
    const focused = () => page.evaluate(() => (document.activeElement?.tagName === 'H2' ? document.activeElement.textContent : null));
    await expect.poll(focused).toBe('1 file chosen');
    await page.getByRole('list', { name: 'Chosen files' }).getByText(/· 1 page\b/).waitFor();
    await page.getByRole('button', { name: 'Compress PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    await expect.poll(focused).toBe('Your file is ready');
    await page.getByText(/^[\d.]+ MB → [\d.]+ KB, \d+% smaller$/).waitFor();
    await page.getByRole('figure', { name: 'First page of scan-compressed.pdf' }).locator('canvas').waitFor();
    await screenshot(page, 'tool-experience-compress-result');

    await page.getByRole('button', { name: 'Continue with another tool' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Protect PDF' }).click();
    await page.getByRole('heading', { name: 'Protect PDF' }).waitFor();
    const carried = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    await carried.getByText('scan-compressed.pdf').waitFor();
    await carried.getByText(/from your last result/).waitFor();
    await page.getByLabel('Password to open').fill('correct horse');
    const [submitted] = await Promise.all([
      page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/jobs')),
      page.getByRole('button', { name: 'Protect PDF' }).click(),
    ]);
    // The output went by its id: no file in the form.
    const form = submitted.postDataBuffer()!.toString('latin1');
    expect(form).toContain('name="outputIds"');
    expect(form).not.toContain('filename=');
    expect(downloads).toBe(0);
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const link = page.getByRole('link', { name: /^Download .*\.pdf$/ });
    const href = (await link.getAttribute('href'))!;
    const locked = Buffer.from(await (await page.request.get(href)).body());
    expect(locked.includes('/Encrypt')).toBe(true);

    await page.getByRole('button', { name: 'Delete now' }).click();
    await page.getByRole('heading', { name: 'Your file has been deleted' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your file has been deleted' }).evaluate((h) => h === document.activeElement)).toBe(true);
    expect((await page.request.get(href)).status()).toBe(404);
    await context.close();
  });

  it('split: pages picked on the thumbnails (click, shift-click) fill the ranges; the files come one by one or as one ZIP', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/split');
    await page.locator('input[type=file]').setInputFiles(await sizedPdf('report.pdf', A4, 5));
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.getByRole('button', { name: 'Page 4', exact: true }).click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByLabel('Page ranges').inputValue()).toBe('1,2-4');
    await page.getByText('2 PDFs will be made').waitFor();
    // Typing updates the thumbnails.
    await page.getByLabel('Page ranges').fill('1-2,5');
    await page.getByRole('button', { name: 'Page 5, in PDF 2' }).waitFor();
    await expectNoSeriousViolations(page, 'split pages');
    await screenshot(page, 'tool-experience-split-pages');
    await page.getByRole('button', { name: 'Split PDF' }).click();
    await page.getByRole('heading', { name: 'Your 2 files are ready' }).waitFor();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all as ZIP' }).click()]);
    expect(zip.suggestedFilename()).toBe('report-split.zip');
    expect((await readFile((await zip.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
    await expect.poll(() => page.getByRole('link', { name: /^Download report-pages-/ }).count()).toBe(2);
    await context.close();
  });

  it('a file named .pdf that is not a PDF is called damaged, not a type not supported', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/compress');
    await page.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><body>not a pdf</body></html>') });
    await page.getByRole('button', { name: 'Compress PDF' }).click();
    await page.getByText('This PDF is damaged', { exact: true }).waitFor();
    await page.getByText(/damaged or is not a PDF/).waitFor();
    expect(await page.getByText('File type not supported').count()).toBe(0);
    await context.close();
  });

  it('an account holder saves and shares a result, is told before trying that one too large for My Documents cannot be saved, and deletes it now', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    await page.goto('/tools/rotate');
    await page.locator('input[type=file]').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) });
    await page.getByRole('button', { name: 'Rotate PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    await page.getByRole('button', { name: 'Save to My Documents' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Share lease-rotated.pdf' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete now' }).click();
    await page.getByRole('heading', { name: 'Your file has been deleted' }).waitFor();

    await page.getByRole('button', { name: 'Start over' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: await makePdf({ size: MAX_PDF_SIZE + 200_000 }) });
    let saves = 0;
    page.on('request', (request) => request.url().endsWith('/save') && saves++);
    await page.getByRole('button', { name: 'Rotate PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    await page.getByText(/Too large to save to My Documents \([\d.]+ MB; the most one file can be is 5 MB\)/).waitFor();
    expect(await page.getByRole('button', { name: 'Save to My Documents' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Share / }).count()).toBe(0);
    expect(saves).toBe(0);
    await context.close();
  });

  for (const viewport of Object.keys(viewports) as (keyof typeof viewports)[]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`the tool page and its result pass axe and are drawn at ${viewport} in ${theme}`, async () => {
        const context = await newContext(host.browser, host.app.url, viewport, theme);
        const page = await context.newPage();
        await page.goto('/tools/merge');
        await page.locator('input[type=file]').setInputFiles([await sizedPdf('one.pdf', A4), await sizedPdf('two.pdf', A5)]);
        await expect.poll(() => page.getByRole('list', { name: 'Chosen files' }).locator('canvas').count(), { timeout: 15_000 }).toBe(2);
        // Drawn, not only opened: a canvas stays hidden until its page is on it.
        for (const canvas of await page.getByRole('list', { name: 'Chosen files' }).locator('canvas').all()) await canvas.waitFor();
        await expectNoSeriousViolations(page, `${viewport} ${theme} files`);
        await screenshot(page, `tool-experience-files-${viewport}-${theme}`);
        await page.getByRole('button', { name: 'Merge PDF' }).click();
        await page.getByRole('figure', { name: /First page of/ }).locator('canvas').waitFor();
        await expectNoSeriousViolations(page, `${viewport} ${theme} result`);
        await screenshot(page, `tool-experience-result-${viewport}-${theme}`);
        await context.close();
      });
    }
  }
});
