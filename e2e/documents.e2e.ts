import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeActivePdf, makePdf } from '../apps/server/src/test/pdfs.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { mailedLink } from './support/outbox.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

const PASSWORD = 'Wattle#Gold2024';

/** Signs up through the API and follows the verification link from the dev outbox, which signs the browser in. */
async function signIn(page: Page): Promise<string> {
  const email = `docs-${randomUUID().slice(0, 8)}@example.com.au`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: 'Matilda Jones', callbackURL: '/auth/callback' },
    headers: { origin: host.app.url },
  });
  expect(res.status()).toBe(200);
  const link = await mailedLink(host.app, email, 'Verify your email');
  // The link verifies the address and sets the session cookie on this browser.
  await page.request.get(link, { maxRedirects: 0 });
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session?.user?.email).toBe(email);
  return email;
}

/** Uploads and renders take seconds on a busy machine: wait up to 20 s for the screen to show a value. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

const countLine = (page: Page) => page.getByTestId('document-count');
const rows = (page: Page) => page.getByRole('region', { name: 'Documents' }).locator('tbody tr');

describe.each(Object.keys(viewports) as Array<keyof typeof viewports>)('My Documents on %s', (viewport) => {
  it('uploads, searches, pages, previews, downloads and deletes', async () => {
    const context = await newContext(host.browser, host.app.url, viewport);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page);
    await page.goto('/dashboard/documents');
    await eventually(() => countLine(page).textContent()).toBe('0 document(s)');

    // Browser checks: a non-PDF refuses the whole selection.
    const picker = page.getByLabel('Choose PDF files to upload');
    await picker.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'ok.pdf', mimeType: 'application/pdf', buffer: await makePdf() },
    ]);
    await page.getByText('Some files were not uploaded. Files must be PDFs under 5MB.').waitFor();

    // Twelve PDFs at once: two invoices, a three-page report, nine scans.
    const files = [
      { name: 'Invoice March.pdf', mimeType: 'application/pdf', buffer: await makePdf() },
      { name: 'invoice-april.pdf', mimeType: 'application/pdf', buffer: await makePdf() },
      { name: 'Annual report.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 3 }) },
      ...(await Promise.all(Array.from({ length: 9 }, async (_, i) => ({ name: `scan-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: await makePdf() })))),
    ];
    await picker.setInputFiles(files);
    await page.getByText('12 files uploaded successfully.').waitFor();
    await page.getByText('Your PDF has been uploaded successfully.').waitFor();
    await eventually(() => countLine(page).textContent()).toBe('12 document(s)');
    await eventually(() => page.getByTestId('storage-summary').textContent()).toMatch(/ of 50 MB used$/);
    await eventually(() => rows(page).count()).toBe(10);
    await screenshot(page, `documents-${viewport}-light`);

    // Paginate: ten a page, numbered, with previous and next.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await eventually(() => rows(page).count()).toBe(2);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await eventually(() => rows(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Next page' }).click();
    await eventually(() => rows(page).count()).toBe(2);

    // Search, case-insensitive, from page 2 back to page 1.
    await page.getByLabel('Search documents').fill('INVOICE');
    await eventually(() => countLine(page).textContent()).toBe('2 document(s)');
    // The files were uploaded together, so which finished last (and lists first) is not fixed.
    await eventually(() => rows(page).allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('invoice-april.pdf'), expect.stringContaining('Invoice March.pdf')]));
    await eventually(() => page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    await page.getByLabel('Search documents').fill('report');
    await eventually(() => countLine(page).textContent()).toBe('1 document(s)');

    // Preview: the real pages, page x of y, continuous by default.
    await page.getByRole('button', { name: 'Preview Annual report.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annual report.pdf' });
    await dialog.locator('canvas[data-rendered]').first().waitFor();
    await eventually(() => dialog.getByTestId('page-indicator').textContent()).toBe('Page 1 of 3');
    expect(await dialog.locator('canvas').count()).toBe(3);
    expect(await paintedPixels(page)).toBeGreaterThan(20);
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await eventually(() => dialog.getByTestId('page-indicator').textContent()).toBe('Page 2 of 3');
    await screenshot(page, `documents-preview-${viewport}-light`);
    await page.keyboard.press('Escape');

    // The Single Page setting shows one page with previous and next.
    expect((await page.request.patch('/api/profile', { data: { pdf_viewer_mode: 'single' }, headers: { origin: host.app.url } })).status()).toBe(200);
    await page.reload();
    await page.getByLabel('Search documents').fill('report');
    await eventually(() => countLine(page).textContent()).toBe('1 document(s)');
    await page.getByRole('button', { name: 'Preview Annual report.pdf' }).click();
    await dialog.locator('canvas[data-rendered]').waitFor();
    expect(await dialog.locator('canvas').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await eventually(() => dialog.getByTestId('page-indicator').textContent()).toBe('Page 3 of 3');
    await dialog.locator('canvas[aria-label="Page 3"][data-rendered]').waitFor();
    await page.keyboard.press('Escape');

    // Download under the original name, the same bytes.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Annual report.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Annual report.pdf');
    const saved = readFileSync((await download.path())!);
    expect(saved.equals(files[2]!.buffer)).toBe(true);

    // Delete with the spec's confirmation.
    await page.getByLabel('Search documents').fill('');
    await eventually(() => countLine(page).textContent()).toBe('12 document(s)');
    await page.getByRole('button', { name: 'Delete scan-9.pdf' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete PDF' });
    await confirm.getByText('Are you sure you want to delete this PDF? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => countLine(page).textContent()).toBe('12 document(s)');
    await page.getByRole('button', { name: 'Delete scan-9.pdf' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('PDF deleted successfully.').waitFor();
    await eventually(() => countLine(page).textContent()).toBe('11 document(s)');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('looks right in the dark theme', async () => {
    const context = await newContext(host.browser, host.app.url, viewport, 'dark');
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/dashboard/documents');
    await dropFiles(page, [
      { name: 'Tax return 2024-25.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) },
      { name: 'Business activity statement with a rather long name that needs truncating.pdf', mimeType: 'application/pdf', buffer: await makePdf() },
    ]);
    await eventually(() => countLine(page).textContent()).toBe('2 document(s)');
    await screenshot(page, `documents-${viewport}-dark`);
    await page.getByRole('button', { name: 'Preview Tax return 2024-25.pdf' }).click();
    await page.getByRole('dialog').locator('canvas[data-rendered]').first().waitFor();
    await screenshot(page, `documents-preview-${viewport}-dark`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Tax return 2024-25.pdf' }).click();
    await page.getByRole('alertdialog', { name: 'Delete PDF' }).waitFor();
    await screenshot(page, `documents-delete-${viewport}-dark`);
    await page.keyboard.press('Escape');

    // Another tab (here the API) uploads: the list and the storage bar follow live, without a reload.
    const before = await page.getByTestId('storage-summary').textContent();
    const res = await page.request.post('/api/documents', {
      multipart: { file: { name: 'From another tab.pdf', mimeType: 'application/pdf', buffer: await makePdf({ size: 300_000 }) } },
      headers: { origin: host.app.url },
    });
    expect(res.status()).toBe(201);
    await eventually(() => countLine(page).textContent()).toBe('3 document(s)');
    await eventually(() => page.getByTestId('storage-summary').textContent()).not.toBe(before);
    await context.close();
  });
});

/** Drops files on the upload area the way a desktop drag and drop does. */
async function dropFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (specs) => {
      const transfer = new DataTransfer();
      for (const spec of specs) {
        const bytes = Uint8Array.from(atob(spec.base64), (ch) => ch.charCodeAt(0));
        transfer.items.add(new File([bytes], spec.name, { type: spec.mimeType }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
  );
  const zone = page.getByRole('region', { name: 'Upload PDFs' });
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

/** Dark pixels on the first rendered page: the text pdf.js drew, so the page is not blank. */
function paintedPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[role=dialog] canvas[data-rendered]')!;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark;
  });
}

describe('hostile PDFs', () => {
  it('previewing a PDF with script and link actions runs nothing and reaches no one', async () => {
    const hits: string[] = [];
    const canary = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('seen');
    });
    await new Promise<void>((ready) => canary.listen(0, '127.0.0.1', () => ready()));
    const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.goto('/dashboard/documents');
      await page.getByLabel('Choose PDF files to upload').setInputFiles([{ name: 'active.pdf', mimeType: 'application/pdf', buffer: await makeActivePdf(canaryUrl) }]);
      await eventually(() => countLine(page).textContent()).toBe('1 document(s)');

      await page.getByRole('button', { name: 'Preview active.pdf' }).click();
      const canvas = page.getByRole('dialog').locator('canvas[data-rendered]');
      await canvas.waitFor();
      await canvas.click(); // where the full-page link lies
      // Opened directly, the stored copy downloads rather than renders in our origin.
      const list = await (await page.request.get('/api/documents')).json();
      const direct = await context.newPage();
      const [download] = await Promise.all([direct.waitForEvent('download'), direct.goto(`/api/documents/${list.items[0].id}/download`).catch(() => undefined)]);
      expect(download.suggestedFilename()).toBe('active.pdf');
      expect(hits).toEqual([]);

      // Positive control, and a fence: the canary records a browser that does reach it, and anything the
      // preview had set off would have landed before this later request.
      const control = await context.newPage();
      await control.goto(`${canaryUrl}/control`);
      // A page the browser opens itself may also fetch that origin's /favicon.ico.
      expect(hits.filter((url) => url !== '/favicon.ico')).toEqual(['/control']);
    } finally {
      await context.close();
      canary.close();
    }
  });
});

describe('edge states', () => {
  it('returns to page 1 when its page empties, and shows the spec failure messages', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    try {
      await signIn(page);
      // The sidebar's "Upload PDFs" lands on the upload area.
      await page.goto('/dashboard/documents?upload=true');
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Upload PDFs');
      const pdf = await makePdf();
      const ids: string[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await page.request.post('/api/documents', { multipart: { file: { name: `file-${i}.pdf`, mimeType: 'application/pdf', buffer: pdf } }, headers: { origin: host.app.url } });
        ids.push((await res.json()).id);
      }
      await page.goto('/dashboard/documents');
      await page.getByRole('button', { name: 'Page 2' }).click();
      await eventually(() => rows(page).allTextContents()).toEqual([expect.stringContaining('file-0.pdf')]);
      // The only file on page 2 goes (in another tab): the view comes back to page 1.
      await page.request.delete(`/api/documents/${ids[0]}`, { headers: { origin: host.app.url } });
      await eventually(() => countLine(page).textContent()).toBe('10 document(s)');
      await eventually(() => rows(page).count()).toBe(10);
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

      // Upload refused by the server.
      await page.route('**/api/documents', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }) : route.fallback()));
      await page.getByLabel('Choose PDF files to upload').setInputFiles([{ name: 'x.pdf', mimeType: 'application/pdf', buffer: pdf }]);
      await page.getByText('There was an error uploading your files.').waitFor();

      // Delete refused.
      await page.route('**/api/documents/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }) : route.fallback()));
      await page.getByRole('button', { name: 'Delete file-1.pdf' }).click();
      await page.getByRole('alertdialog', { name: 'Delete PDF' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Failed to delete the PDF.').waitFor();

      // The list cannot be read.
      await page.route('**/api/documents?*', (route) => route.fulfill({ status: 503, json: { error: { code: 'INTERNAL', message: 'x' } } }));
      await page.getByLabel('Search documents').fill('file');
      await page.getByText('Failed to fetch documents. Please try again.').waitFor();
      await page.getByText('Failed to load documents. Please try again.').waitFor();
      expect(await countLine(page).textContent()).toBe('0 document(s)');
      await screenshot(page, 'documents-failed-desktop-light');
    } finally {
      await context.close();
    }
  });
});
