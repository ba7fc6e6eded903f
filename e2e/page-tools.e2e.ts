import { execFileSync } from 'node:child_process';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, newContext, screenshot } from './support/browser.ts';

/** Decision 102's tools on their generated pages: options from the registry, a PDF and an image together. */

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

describe('page tools', () => {
  it('a visitor puts a footer with page numbers on every page, on a phone', async () => {
    const context = await newContext(browser, app.url, 'phone');
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
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/tools/image-watermark');
    await page.getByText('2 files: PDF, PNG or JPEG').waitFor();
    const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
    await page.locator('input[type=file]').setInputFiles([await pdfFile('letter.pdf', 1), { name: 'logo.png', mimeType: 'image/png', buffer: logo }]);
    await page.getByRole('button', { name: 'Image watermark' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toBe('letter-watermarked.pdf');
    const { readFile } = await import('node:fs/promises');
    expect((await PDFDocument.load(await readFile((await download.path())!))).getPageCount()).toBe(1);
    await context.close();
  });
});
