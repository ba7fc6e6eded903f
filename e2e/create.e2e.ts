import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

/** Each page's size in points, rotation applied, as a viewer shows it. */
async function pageSizes(bytes: Buffer): Promise<{ width: number; height: number }[]> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((p) => {
    const { width, height } = p.getSize();
    const turned = p.getRotation().angle % 180 !== 0;
    return { width: Math.round(turned ? height : width), height: Math.round(turned ? width : height) };
  });
}

/** A phone photo: `width`×`height` pixels as stored, with the camera's EXIF orientation. */
function photo(name: string, width: number, height: number, orientation: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3b7d4f' } })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));
}

async function chooseWay(page: Page, name: string) {
  await page.locator('label', { hasText: name }).click();
}

describe('Create PDF', () => {
  it('an account holder creates blank landscape pages in their default page size and lands in the editor with the new document', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    const changed = await page.request.patch('/api/profile', { data: { preferred_page_size: 'Letter' }, headers: { origin: host.app.url } });
    expect(changed.status()).toBe(200);

    await page.goto('/dashboard/create');
    await page.getByRole('heading', { name: 'Create PDF' }).waitFor();
    // The page size starts at the account's Default Page Size.
    await expect.poll(() => page.getByLabel('Page size').innerText()).toContain('Letter');
    await page.getByLabel('Number of pages').fill('2');
    await chooseWay(page, 'Landscape');
    await screenshot(page, 'create-dashboard-blank');

    await page.getByRole('button', { name: 'Create PDF' }).click();
    await page.waitForURL(/\/dashboard\/edit\/[0-9a-f-]{36}$/);
    const documentId = new URL(page.url()).pathname.split('/').pop()!;

    const listed = (await (await page.request.get('/api/documents')).json()) as { items: { id: string; page_count: number | null }[] };
    expect(listed.items.map((d) => d.id)).toContain(documentId);
    expect(listed.items.find((d) => d.id === documentId)!.page_count).toBe(2);
    const download = await page.request.get(`/api/documents/${documentId}/download`);
    expect(download.status()).toBe(200);
    // Letter landscape: 11 × 8.5 inches.
    expect(await pageSizes(await download.body())).toEqual([
      { width: 792, height: 612 },
      { width: 792, height: 612 },
    ]);
    await context.close();
  });

  it('an account holder joins two of their documents into a new one and saves it to My Documents', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    for (const [name, pages] of [['April.pdf', 2], ['May.pdf', 3]] as const) {
      const res = await page.request.post('/api/documents', { multipart: { file: { name, mimeType: 'application/pdf', buffer: await makePdf({ pages }) } }, headers: { origin: host.app.url } });
      expect(res.status()).toBe(201);
    }

    await page.goto('/dashboard/create');
    await chooseWay(page, 'From my documents');
    await page.getByRole('button', { name: 'Choose from My Documents' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from My Documents' });
    await picker.getByRole('checkbox', { name: 'April.pdf' }).click();
    await picker.getByRole('checkbox', { name: 'May.pdf' }).click();
    await picker.getByRole('button', { name: 'Add 2 documents' }).click();
    await chooseWay(page, 'Save to My Documents');
    await page.getByRole('button', { name: 'Create PDF' }).click();
    await page.getByRole('heading', { name: 'Saved to My Documents' }).waitFor();
    await screenshot(page, 'create-dashboard-saved');

    const listed = (await (await page.request.get('/api/documents')).json()) as { items: { filename: string; page_count: number | null }[] };
    expect(listed.items.map((d) => d.page_count).sort()).toEqual([2, 3, 5]);
    await context.close();
  });

  it('a visitor on a phone makes a PDF of two photos, the one taken sideways turned upright, and downloads it', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await page.goto('/tools/create');
    await page.getByRole('heading', { name: 'Create PDF' }).waitFor();
    await chooseWay(page, 'From images');

    // Stored 400×300 with orientation 6: the camera was held upright, so the photo is portrait.
    const camera = page.getByLabel('Take a photo');
    await camera.setInputFiles(await photo('upright.jpg', 400, 300, 6));
    await camera.setInputFiles(await photo('wide.jpg', 400, 300, 1));
    const chosen = page.getByRole('list', { name: 'Chosen files' });
    await expect.poll(() => chosen.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('upright.jpg'), expect.stringContaining('wide.jpg')]);
    await chooseWay(page, 'Download');
    await screenshot(page, 'create-phone-images');

    await page.getByRole('button', { name: 'Create PDF' }).click();
    await page.getByRole('heading', { name: 'Your PDF is ready' }).waitFor();
    await screenshot(page, 'create-phone-ready');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    const sizes = await pageSizes(await readFile((await download.path())!));
    expect(sizes).toHaveLength(2);
    expect(sizes[0]!.height).toBeGreaterThan(sizes[0]!.width);
    expect(sizes[1]!.width).toBeGreaterThan(sizes[1]!.height);
    await context.close();
  });

  it('a visitor makes a blank A4 page and goes straight on to the public editor with it', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/create');
    await page.getByRole('heading', { name: 'Create PDF' }).waitFor();
    await page.getByRole('button', { name: 'Create PDF' }).click();
    await page.waitForURL(/\/tools\/edit\?output=[0-9a-f-]{36}$/);
    // The editor opens the new PDF: one page, ready to sign.
    await page.getByRole('button', { name: 'Sign', exact: true }).waitFor();
    const outputId = new URL(page.url()).searchParams.get('output')!;
    expect(await pageSizes(await (await page.request.get(`/api/v1/outputs/${outputId}/download`)).body())).toEqual([{ width: 595, height: 842 }]);
    await context.close();
  });

  it('a visitor types Markdown and downloads it as an A4 PDF with its link clickable', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/create');
    await chooseWay(page, 'From text or Markdown');
    await page.getByLabel('Your text').fill('# Minutes\n\n- Budget approved\n- See [the plan](https://example.com.au/plan)\n');
    await chooseWay(page, 'Download');
    await page.getByRole('button', { name: 'Create PDF' }).click();
    await page.getByRole('heading', { name: 'Your PDF is ready' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
    const bytes = await readFile((await download.path())!);
    expect(await pageSizes(bytes)).toEqual([{ width: 595, height: 842 }]);
    const links = (await PDFDocument.load(bytes)).getPages()[0]!.node.Annots()?.asArray() ?? [];
    expect(links.length).toBeGreaterThan(0);
    await context.close();
  });

  it('looks finished in light and dark, on a desktop and a phone, with no serious accessibility problems', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const context = await newContext(host.browser, host.app.url, viewport, theme);
        const page = await context.newPage();
        await page.goto('/tools/create');
        await page.getByRole('heading', { name: 'Create PDF' }).waitFor();
        await chooseWay(page, 'From text or Markdown');
        await page.getByLabel('Your text').fill('# Minutes\n\n- Budget approved\n- Next meeting 02/12/2026');
        await screenshot(page, `create-${viewport}-${theme}`);
        for (const violation of await seriousAxeViolations(page)) problems.push(`${viewport} ${theme}: ${violation}`);
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });
});
