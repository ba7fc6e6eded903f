import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../apps/server/src/test/images.ts';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { unzip } from '../apps/server/src/test/zip.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

/**
 * Issue 12, landing and dashboard: a visitor's drop on the landing page lands on the right tool with
 * the file already listed (nothing uploaded); My Documents sorts on the server and zips a selection;
 * axe and screenshots on both pages, desktop and 390 px, light and dark.
 */

const host = appAndBrowserForFile();

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

type Spec = { name: string; mimeType: string; buffer: Buffer };

/** Drops files on a zone the way a browser does: dragenter, dragover, drop, with a real DataTransfer. */
async function dropOn(page: Page, zoneName: string, files: Spec[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (specs) => {
      const transfer = new DataTransfer();
      for (const spec of specs) transfer.items.add(new File([Uint8Array.from(atob(spec.base64), (ch) => ch.charCodeAt(0))], spec.name, { type: spec.mimeType }));
      return transfer;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
  );
  const zone = page.getByRole('region', { name: zoneName });
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

describe('the landing page', () => {
  it('sends a dropped PDF, DOCX or JPEG to the right tool with the file already listed, uploading nothing', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    const uploads: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && uploads.push(req.url()));
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // One PDF: the person picks the PDF tool.
    await page.goto('/');
    await dropOn(page, 'Start with a file', [{ name: 'Quarterly BAS.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) }]);
    const chooser = page.getByRole('heading', { name: 'What would you like to do with Quarterly BAS.pdf?' });
    await chooser.waitFor();
    await eventually(() => chooser.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'landing-pdf-chooser-desktop-light');
    await page.getByRole('list', { name: 'PDF tools' }).getByRole('button', { name: 'Compress PDF' }).click();
    await page.waitForURL('**/tools/compress');
    await page.getByRole('button', { name: 'Remove Quarterly BAS.pdf' }).waitFor();

    // A Word document: straight to Office to PDF.
    await page.goto('/');
    await dropOn(page, 'Start with a file', [{ name: 'Letter.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK\u0003\u0004 not really') }]);
    await page.waitForURL('**/tools/office-to-pdf');
    await page.getByRole('button', { name: 'Remove Letter.docx' }).waitFor();

    // Photos: Image to PDF, both listed.
    await page.goto('/');
    const jpeg = await makeJpeg(40, 30);
    await dropOn(page, 'Start with a file', [
      { name: 'Receipt.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'Invoice.jpeg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);
    await page.waitForURL('**/tools/image-to-pdf');
    await page.getByRole('button', { name: 'Remove Receipt.jpg' }).waitFor();
    await page.getByRole('button', { name: 'Remove Invoice.jpeg' }).waitFor();

    // A kind no tool takes stays on the landing page, saying why.
    await page.goto('/');
    await dropOn(page, 'Start with a file', [{ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') }]);
    await page.getByRole('alert').filter({ hasText: 'song.mp3 is not a file our tools take' }).waitFor();

    expect(uploads.filter((url) => !url.includes('/api/auth/'))).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('picks files by tapping on a phone: "Tap to choose"', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('region', { name: 'Start with a file' }).getByText('Tap to choose your files').waitFor();
    await page.getByLabel('Choose files to start with').setInputFiles([{ name: 'Slides.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', buffer: Buffer.from('PK') }]);
    await page.waitForURL('**/tools/office-to-pdf');
    await page.getByRole('button', { name: 'Remove Slides.pptx' }).waitFor();
    await context.close();
  });

  it('leads with the tools, says "Create a free account", and passes axe in both themes', async () => {
    for (const viewport of Object.keys(viewports) as Array<keyof typeof viewports>) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await newContext(host.browser, host.app.url, viewport, theme);
        const page = await context.newPage();
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('heading', { name: 'Convert to PDF' }).waitFor();
        expect(await page.getByText('Start Free Trial').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Create a free account' }).count()).toBeGreaterThan(0);
        // The drop zone and the tool grid come before the marketing sections.
        const order = await page.evaluate(() => {
          const top = (el: Element | null) => el?.getBoundingClientRect().top ?? Number.NaN;
          return {
            drop: top(document.querySelector('[aria-label="Start with a file"]')),
            tools: top(document.getElementById('tools-organise')),
            marketing: top(document.getElementById('how-it-works')),
          };
        });
        expect(order.drop).toBeLessThan(order.tools);
        expect(order.tools).toBeLessThan(order.marketing);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `landing-${viewport}-${theme}`);
        await context.close();
      }
    }
  });
});

async function uploadViaApi(page: Page, name: string, pages: number): Promise<string> {
  const res = await page.request.post('/api/documents', {
    multipart: { file: { name, mimeType: 'application/pdf', buffer: await makePdf({ pages }) } },
    headers: { origin: host.app.url },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const names = (page: Page) => page.getByRole('region', { name: 'Documents' }).locator('tbody tr td:nth-child(2) p.font-medium').allTextContents();

describe('My Documents', () => {
  it('sorts on the server, zips a selection, runs a tool on it, and passes axe in both themes', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUpAndSignIn(page, host.app);
    for (const [name, pages] of [['beta.pdf', 3], ['Alpha.pdf', 1], ['charlie.pdf', 2]] as const) await uploadViaApi(page, name, pages);

    await page.goto('/dashboard/documents');
    await eventually(() => names(page)).toEqual(['charlie.pdf', 'Alpha.pdf', 'beta.pdf']);
    const sortRequests: string[] = [];
    page.on('request', (req) => req.url().includes('/api/documents?') && sortRequests.push(new URL(req.url()).search));

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await eventually(() => names(page)).toEqual(['Alpha.pdf', 'beta.pdf', 'charlie.pdf']);
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toBe('Name');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await eventually(() => names(page)).toEqual(['charlie.pdf', 'beta.pdf', 'Alpha.pdf']);
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await eventually(() => names(page)).toEqual(['beta.pdf', 'charlie.pdf', 'Alpha.pdf']);
    expect(sortRequests.some((q) => q.includes('sort=pages') && q.includes('order=desc'))).toBe(true);

    // Page count, upload time and a thumbnail drawn from the first page.
    await page.getByRole('cell', { name: '3', exact: true }).waitFor();
    await eventually(() => page.locator('[data-testid="document-thumbnail"][data-drawn]').count()).toBe(3);

    // Bulk: two chosen, downloaded as one ZIP.
    await page.getByRole('checkbox', { name: 'Select Alpha.pdf' }).click();
    await page.getByRole('checkbox', { name: 'Select beta.pdf' }).click();
    const bar = page.getByRole('region', { name: 'Selected documents' });
    await bar.getByText('2 selected').waitFor();
    await screenshot(page, 'documents-selection-desktop-light');
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('link', { name: 'Download as ZIP' }).click()]);
    expect(download.suggestedFilename()).toBe('documents.zip');
    const entries = await unzip(readFileSync((await download.path())!));
    expect(entries.map((e) => e.name).sort()).toEqual(['Alpha.pdf', 'beta.pdf']);

    // The delete dialog names what goes.
    await page.getByRole('button', { name: 'Delete charlie.pdf' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete PDF' });
    await confirm.getByText('charlie.pdf').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The preview zooms, downloads, and its pages scroll by keyboard.
    await page.getByRole('button', { name: 'Preview beta.pdf' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('canvas[data-rendered]').first().waitFor();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await eventually(() => dialog.getByTestId('zoom-level').textContent()).toBe('125%');
    expect(await dialog.getByRole('region', { name: 'Pages' }).getAttribute('tabindex')).toBe('0');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const [saved] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(saved.suggestedFilename()).toBe('beta.pdf');
    await page.keyboard.press('Escape');

    // Run a tool on the selection: Merge PDF opens with both listed, sent by id.
    await bar.getByRole('button', { name: 'Run a tool' }).click();
    await page.getByRole('menuitem', { name: 'Merge PDF' }).click();
    await page.waitForURL('**/tools/merge');
    await page.getByRole('button', { name: 'Remove Alpha.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Remove beta.pdf' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('looks right and passes axe, desktop and 390 px, light and dark', async () => {
    for (const viewport of Object.keys(viewports) as Array<keyof typeof viewports>) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await newContext(host.browser, host.app.url, viewport, theme);
        const page = await context.newPage();
        await signUpAndSignIn(page, host.app);
        await uploadViaApi(page, 'Tax return 2024-25.pdf', 2);
        await uploadViaApi(page, 'Business activity statement with a rather long name.pdf', 1);
        await page.goto('/dashboard/documents');
        await eventually(() => names(page)).toHaveLength(2);
        await page.getByRole('region', { name: 'Upload PDFs' }).getByText(viewport === 'phone' ? 'Tap to choose your PDFs' : 'Drag and drop your PDFs here').waitFor();
        await eventually(() => page.locator('[data-testid="document-thumbnail"][data-drawn]').count()).toBe(2);
        await page.getByRole('checkbox', { name: 'Select all documents on this page' }).click();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `documents-bulk-${viewport}-${theme}`);

        // Dashboard home: recent documents a click away.
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Open Tax return 2024-25.pdf' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `dashboard-home-${viewport}-${theme}`);
        await context.close();
      }
    }
  });
});
