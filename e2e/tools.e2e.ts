import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { newContext, screenshot } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

const pdfFile = async (name: string, pages: number) => ({ name, mimeType: 'application/pdf', buffer: await makePdf({ pages }) });

async function pageCountOf(bytes: Buffer): Promise<number> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('tool pages', () => {
  it('a visitor merges two files and downloads one PDF with all their pages', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/merge');
    await page.getByRole('heading', { name: 'Merge PDF' }).waitFor();

    await page.locator('input[type=file]').setInputFiles([await pdfFile('first.pdf', 3), await pdfFile('second.pdf', 2)]);
    const chosen = page.getByRole('list', { name: 'Chosen files' });
    await expect.poll(() => chosen.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('first.pdf'), expect.stringContaining('second.pdf')]);

    await page.getByRole('button', { name: 'Merge PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    await page.getByText(/Deleted automatically in \d+:\d\d/).waitFor();
    await screenshot(page, 'tools-merge-result');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(await pageCountOf(await readFile((await download.path())!))).toBe(5);
    await context.close();
  });

  it('a tool that takes no files opens on its options: a visitor makes a blank PDF', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/blank-pdf');
    await page.getByRole('heading', { name: 'Blank PDF' }).waitFor();
    await page.getByRole('button', { name: 'Blank PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toBe('blank.pdf');
    expect(await pageCountOf(await readFile((await download.path())!))).toBe(1);
    await context.close();
  });

  it('refuses files the tool does not take before uploading anything', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/merge');
    await page.locator('input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByText('"notes.txt" is not a file this tool takes. Choose PDF files.').waitFor();
    await context.close();
  });
});

/** Decision 102's tools on their generated pages: options from the registry, a PDF and an image together. */
describe('page tools', () => {
  it('a visitor puts a footer with page numbers on every page, on a phone', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await page.goto('/tools/header-footer');
    await page.getByRole('heading', { name: 'Add header and footer' }).waitFor();
    await page.locator('input[type=file]').setInputFiles([await pdfFile('minutes.pdf', 2)]);
    await page.getByLabel('Bottom centre').fill('Page {n} of {total}');
    await screenshot(page, 'tools-header-footer-390');
    await page.getByRole('button', { name: 'Add header and footer' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toBe('minutes-headers.pdf');
    const text = execFileSync('pdftotext', [(await download.path())!, '-'], { encoding: 'utf8' });
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    await context.close();
  });

  it('a visitor places a logo on a PDF: the PDF and the image go in together', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/image-watermark');
    await page.getByText('2 files: PDF, PNG or JPEG').waitFor();
    const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
    await page.locator('input[type=file]').setInputFiles([await pdfFile('letter.pdf', 1), { name: 'logo.png', mimeType: 'image/png', buffer: logo }]);
    await page.getByRole('button', { name: 'Image watermark' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toBe('letter-watermarked.pdf');
    expect((await PDFDocument.load(await readFile((await download.path())!))).getPageCount()).toBe(1);
    await context.close();
  });
});

describe('batch and downloads', () => {
  it('an account holder runs a batch and finds its results in Downloads', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);

    await page.goto('/dashboard/batch');
    await page.getByRole('heading', { name: 'Batch Process' }).waitFor();
    await chooseTool(page, 'Add page numbers');
    await page.locator('input[type=file]').setInputFiles([await pdfFile('april.pdf', 2), await pdfFile('may.pdf', 3)]);
    await page.getByRole('button', { name: 'Run on 2 documents' }).click();

    await page.getByText('Finished: 2 done.').waitFor();
    const zip = page.getByRole('link', { name: 'Download all (ZIP)' });
    const [archive] = await Promise.all([page.waitForEvent('download'), zip.click()]);
    expect(archive.suggestedFilename()).toMatch(/\.zip$/);
    expect((await readFile((await archive.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
    await screenshot(page, 'batch-finished');

    await page.goto('/dashboard/downloads');
    const list = page.getByRole('list', { name: 'Downloads' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    for (const name of ['april', 'may']) await list.getByText(new RegExp(`^${name}.*\\.pdf$`)).waitFor();
    await expect.poll(() => list.getByText(/Deleted automatically in \d+:\d\d:\d\d/).count()).toBe(2);
    await screenshot(page, 'downloads');
    await context.close();
  });
});

async function chooseTool(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name }).click();
}
