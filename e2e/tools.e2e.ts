import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, newContext, screenshot } from './support/browser.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const pdfFile = async (name: string, pages: number) => ({ name, mimeType: 'application/pdf', buffer: await makePdf({ pages }) });

async function pageCountOf(bytes: Buffer): Promise<number> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('tool pages', () => {
  it('a visitor merges two files and downloads one PDF with all their pages', async () => {
    const context = await newContext(browser, app.url);
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
    const context = await newContext(browser, app.url);
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
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/tools/merge');
    await page.locator('input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByText('"notes.txt" is not a file this tool takes. Choose PDF files.').waitFor();
    await context.close();
  });
});

describe('batch and downloads', () => {
  it('an account holder runs a batch and finds its results in Downloads', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, app);

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
