import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

/** Saving runs a job on a busy machine: wait up to 30 s for the screen to show a value. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** An A4 invoice with a line of text and one form field, "Name". */
async function invoiceWithForm(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Invoice 1042 approved for payment', { x: 72, y: 760, size: 18, font });
  page.drawText('Name:', { x: 72, y: 606, size: 12, font });
  pdf.getForm().createTextField('Name').addToPage(page, { x: 120, y: 600, width: 200, height: 24 });
  return Buffer.from(await pdf.save());
}

/** Uploads through the API (the same request My Documents makes) and answers the new document's id. */
async function upload(page: Page, name: string, buffer: Buffer): Promise<string> {
  const res = await page.request.post('/api/documents', { multipart: { file: { name, mimeType: 'application/pdf', buffer } }, headers: { origin: host.app.url } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const pageBox = async (page: Page) => (await page.getByRole('group', { name: 'Page 1' }).boundingBox())!;

/** Clicks the page at a point given as fractions of its width and height. */
async function clickPage(page: Page, fx: number, fy: number) {
  const box = await pageBox(page);
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

function pdftotext(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'editor-e2e-'));
  writeFileSync(join(dir, 'in.pdf'), bytes);
  return execFileSync('pdftotext', [join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
}

/** The subtypes of page 1's annotations (form widgets included), and the Name field's value. */
async function readBack(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const first = pdf.getPage(0);
  const annots = first.node.Annots()?.asArray() ?? [];
  const subtypes = annots.map((ref) => String(pdf.context.lookup(ref, PDFDict).get(PDFName.of('Subtype'))));
  const xObjects = first.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return { subtypes, name: pdf.getForm().getTextField('Name').getText(), xObjectCount: xObjects?.keys().length ?? 0 };
}

describe.each(Object.keys(viewports) as Array<keyof typeof viewports>)('The editor on %s', (viewport) => {
  it('opens a stored document, adds text, a highlight, a comment, a drawn signature, fills the form, undoes once, saves and reopens it all', async () => {
    const context = await newContext(host.browser, host.app.url, viewport);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUpAndSignIn(page, host.app);
    const id = await upload(page, 'Invoice 1042.pdf', await invoiceWithForm());

    await page.goto('/dashboard/documents');
    await page.getByRole('link', { name: 'Edit Invoice 1042.pdf' }).click();
    await page.waitForURL(`**/dashboard/edit/${id}`);
    await page.getByRole('heading', { name: 'Invoice 1042.pdf' }).waitFor();
    const invoiceLine = page.locator('.textLayer span', { hasText: 'Invoice 1042 approved' });
    await invoiceLine.waitFor();

    // Text: placed with a click, typed in place.
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await clickPage(page, 0.12, 0.3);
    await page.getByRole('textbox', { name: 'Text' }).fill('Checked by Matilda');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Text box: Checked by Matilda' }).waitFor();

    // Highlight: the tool, then the text selected by dragging across it.
    await page.getByRole('button', { name: 'Highlight' }).click();
    const line = (await invoiceLine.boundingBox())!;
    await page.mouse.move(line.x + 2, line.y + line.height / 2);
    await page.mouse.down();
    await page.mouse.move(line.x + line.width - 2, line.y + line.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.locator('[data-object-id][aria-label="Highlight"]').waitFor();

    // A comment.
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await clickPage(page, 0.8, 0.1);
    await page.getByRole('textbox', { name: 'Comment' }).fill('Matches the purchase order');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Comment: Matches the purchase order' }).waitFor();

    // A drawn signature, through the signature dialog.
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const pad = (await page.getByLabel('Signature drawing area').boundingBox())!;
    await page.mouse.move(pad.x + 30, pad.y + pad.height * 0.7);
    await page.mouse.down();
    for (const [fx, fy] of [[0.3, 0.3], [0.45, 0.75], [0.6, 0.3], [0.8, 0.6]] as const) await page.mouse.move(pad.x + pad.width * fx, pad.y + pad.height * fy, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Use signature' }).click();
    await page.locator('[data-object-id][aria-label="Image"]').waitFor();

    // The form field, filled in place.
    await page.getByLabel('Name', { exact: true }).fill('Matilda Jones');

    // A rectangle, then undo once: it goes, everything else stays.
    await page.getByRole('button', { name: 'Rectangle' }).click();
    await clickPage(page, 0.5, 0.6);
    await page.locator('[data-object-id][aria-label="Rectangle"]').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await eventually(() => page.locator('[data-object-id][aria-label="Rectangle"]').count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Matilda Jones');

    await screenshot(page, `editor-${viewport}-light`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.getByText(/^Saved at \d\d:\d\d$/).count()).toBe(1);

    // The saved bytes: text extractable, highlight and comment as annotations, the field's value, the signature image.
    const saved = Buffer.from(await (await page.request.get(`/api/documents/${id}/download`)).body());
    expect(pdftotext(saved)).toContain('Checked by Matilda');
    const back = await readBack(saved);
    expect(back.subtypes).toEqual(expect.arrayContaining(['/Highlight', '/Text']));
    expect(back.name).toBe('Matilda Jones');
    expect(back.xObjectCount).toBeGreaterThan(0);

    // Reopened: the new version is the base, with the text in its text layer and version 2 listed.
    await page.reload();
    await page.locator('.textLayer span', { hasText: 'Checked by Matilda' }).waitFor();
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('dialog', { name: 'Versions' }).getByText('Version 2').waitFor();

    // Version 1 opens read-only, without the edits.
    await page.getByRole('button', { name: 'Open version 1' }).click();
    await page.getByText('Version 1, read-only.').waitFor();
    await page.locator('.textLayer span', { hasText: 'Invoice 1042 approved' }).waitFor();
    expect(await page.locator('.textLayer span', { hasText: 'Checked by Matilda' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Text', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the current version' }).click();
    await page.locator('.textLayer span', { hasText: 'Checked by Matilda' }).waitFor();

    // Restoring version 1 brings back the original as a new current version.
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.locator('.textLayer span', { hasText: 'Invoice 1042 approved' }).waitFor();
    await eventually(() => page.locator('.textLayer span', { hasText: 'Checked by Matilda' }).count()).toBe(0);
    const restored = Buffer.from(await (await page.request.get(`/api/documents/${id}/download`)).body());
    expect(pdftotext(restored)).not.toContain('Checked by Matilda');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('looks right in the dark theme', async () => {
    const context = await newContext(host.browser, host.app.url, viewport, 'dark');
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    const id = await upload(page, 'Lease agreement.pdf', await invoiceWithForm());
    await page.goto(`/dashboard/edit/${id}`);
    await page.locator('.textLayer span').first().waitFor();
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await clickPage(page, 0.12, 0.3);
    await page.getByRole('textbox', { name: 'Text' }).fill('Signed on the day');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Text box: Signed on the day' }).click();
    await screenshot(page, `editor-${viewport}-dark`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'My Documents' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain(`/dashboard/edit/${id}`);
    // Arrow keys nudge the selected object: Shift+Right moves it 10 points (at the zoom shown).
    const textBox = page.getByRole('button', { name: 'Text box: Signed on the day' });
    await textBox.click();
    const scale = Number((await page.getByText(/^\d+%$/).innerText()).replace('%', '')) / 100;
    const before = (await textBox.boundingBox())!.x;
    await page.keyboard.press('Shift+ArrowRight');
    await eventually(async () => Math.round(((await textBox.boundingBox())!.x - before) / scale)).toBe(10);
    // Delete takes the selected object away.
    await page.keyboard.press('Delete');
    await eventually(() => page.getByRole('button', { name: 'Text box: Signed on the day' }).count()).toBe(0);
    // Ctrl+Z brings it back, Shift+Ctrl+Z takes it away again.
    await page.keyboard.press('Control+z');
    await eventually(() => page.getByRole('button', { name: 'Text box: Signed on the day' }).count()).toBe(1);
    await page.keyboard.press('Shift+Control+z');
    await eventually(() => page.getByRole('button', { name: 'Text box: Signed on the day' }).count()).toBe(0);
    await context.close();
  });
});

describe('The editor for visitors', () => {
  it('opens a dropped PDF, adds text and a blank page, turns page 1, moves the blank page first, and downloads the result', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/tools/edit');
    await page.getByRole('heading', { name: 'More ways to edit' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Drop a PDF here to edit it').setInputFiles({ name: 'Quote 77.pdf', mimeType: 'application/pdf', buffer: await invoiceWithForm() });
    await page.locator('.textLayer span', { hasText: 'Invoice 1042 approved' }).waitFor();

    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await clickPage(page, 0.12, 0.4);
    await page.getByRole('textbox', { name: 'Text' }).fill('Valid for 30 days');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add a blank page after page 1' }).click();
    await page.getByRole('button', { name: 'Rotate page 1' }).click();
    // Reordered by keyboard-reachable buttons: the blank page goes first.
    await page.getByRole('button', { name: 'Move page 2 up' }).click();
    await page.getByRole('button', { name: 'Show page 2' }).waitFor();
    await screenshot(page, 'editor-visitor-desktop-light');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const download = page.getByRole('link', { name: /^Download Quote 77/ });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const bytes = readFileSync((await file.path())!);
    expect(pdftotext(bytes)).toContain('Valid for 30 days');
    const saved = await PDFDocument.load(bytes);
    expect(saved.getPageCount()).toBe(2);
    expect(saved.getPage(0).getRotation().angle).toBe(0);
    expect(saved.getPage(1).getRotation().angle).toBe(90);
    const [blank, quote] = pdftotext(bytes).split('\f');
    expect(blank!.trim()).toBe('');
    expect(quote).toContain('Valid for 30 days');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('The editor by touch', () => {
  it('drags an object with a finger and zooms with a two-finger pinch on the pages', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    const id = await upload(page, 'Receipt.pdf', await invoiceWithForm());
    await page.goto(`/dashboard/edit/${id}`);
    await page.locator('.textLayer span').first().waitFor();
    const touch = await context.newCDPSession(page);
    const fingers = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>) =>
      touch.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });

    // A tick placed with a tap, then dragged 60 px right and down by a finger.
    await page.getByRole('button', { name: 'Tick' }).click();
    await clickPage(page, 0.3, 0.5);
    const tick = page.locator('[data-object-id][aria-label="Stamp"]');
    const before = (await tick.boundingBox())!;
    const [x, y] = [before.x + before.width / 2, before.y + before.height / 2];
    await fingers('touchStart', [[x, y]]);
    for (let step = 1; step <= 6; step++) await fingers('touchMove', [[x + step * 10, y + step * 10]]);
    await fingers('touchEnd', []);
    await eventually(async () => Math.round((await tick.boundingBox())!.x - before.x)).toBeGreaterThanOrEqual(55);

    // Two fingers moving apart on the pages double the zoom.
    const zoom = async () => Number((await page.getByText(/^\d+%$/).innerText()).replace('%', ''));
    const start = await zoom();
    const area = (await page.getByRole('group', { name: 'Page 1' }).boundingBox())!;
    const [cx, cy] = [area.x + area.width / 2, area.y + area.height * 0.8];
    await fingers('touchStart', [[cx - 40, cy], [cx + 40, cy]]);
    for (let step = 1; step <= 4; step++) await fingers('touchMove', [[cx - 40 - step * 10, cy], [cx + 40 + step * 10, cy]]);
    await fingers('touchEnd', []);
    await eventually(zoom).toBeGreaterThanOrEqual(Math.floor(start * 1.9));

    // The rail is folded away on a phone and opens from the Pages button; nothing is wider than the phone.
    expect(await page.getByRole('button', { name: 'Rotate page 1' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await page.getByRole('button', { name: 'Rotate page 1' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await context.close();
  });
});

describe('Images in the editor', () => {
  it('are downscaled in the browser to the profile’s Export Quality before upload (low: 1200 px on the longest side)', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    expect((await page.request.patch('/api/profile', { data: { pdf_export_quality: 'low' }, headers: { origin: host.app.url } })).status()).toBe(200);
    const id = await upload(page, 'Site photo.pdf', await invoiceWithForm());
    await page.goto(`/dashboard/edit/${id}`);
    await page.locator('.textLayer span').first().waitFor();

    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3b7d4f' } }).jpeg().toBuffer();
    await page.getByLabel('Choose an image').setInputFiles({ name: 'site.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('[data-object-id][aria-label="Image"]').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.getByText(/^Saved at \d\d:\d\d$/).count()).toBe(1);

    const saved = Buffer.from(await (await page.request.get(`/api/documents/${id}/download`)).body());
    const dir = mkdtempSync(join(tmpdir(), 'editor-e2e-'));
    writeFileSync(join(dir, 'saved.pdf'), saved);
    // pdfimages -list: one row per image, width and height in columns 4 and 5.
    const rows = execFileSync('pdfimages', ['-list', join(dir, 'saved.pdf')], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(rows.map((row) => row.trim().split(/\s+/).slice(3, 5).map(Number))).toEqual([[1200, 800]]);
    await context.close();
  });
});

/** A PDF whose pages each carry one line of text. */
async function pdfWithLines(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of lines) pdf.addPage([595.28, 841.89]).drawText(line, { x: 72, y: 760, size: 18, font });
  return Buffer.from(await pdf.save());
}

describe('Pages from another PDF', () => {
  it('inserts a 2-page PDF after page 1, shows its pages as placeholders and saves them in place', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    const id = await upload(page, 'Lease.pdf', await pdfWithLines(['Lease page one', 'Lease page two']));
    await page.goto(`/dashboard/edit/${id}`);
    await page.getByRole('group', { name: 'Page 2' }).waitFor();

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Insert pages from a PDF after page 1' }).click()]);
    await chooser.setFiles({ name: 'Annex.pdf', mimeType: 'application/pdf', buffer: await pdfWithLines(['Annex page A', 'Annex page B']) });
    await page.getByRole('group', { name: 'Page 4' }).waitFor();
    await page.getByRole('group', { name: 'Page 2' }).getByText('Annex.pdf, page 1 of 2').waitFor();
    await page.getByRole('group', { name: 'Page 3' }).getByText('Inserted page: save, then add content to it.').waitFor();
    // The rail draws the inserted pages from the picked file.
    await page.getByRole('button', { name: 'Show page 3' }).locator('canvas[data-drawn]').waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.getByText(/^Saved at \d\d:\d\d$/).count()).toBe(1);
    const saved = Buffer.from(await (await page.request.get(`/api/documents/${id}/download`)).body());
    expect(pdftotext(saved).split('\f').slice(0, -1).map((text) => text.trim())).toEqual(['Lease page one', 'Annex page A', 'Annex page B', 'Lease page two']);
    await context.close();
  });
});

describe('Auto-save', () => {
  it('saves unsaved changes on its own at the profile’s frequency (every minute) and shows when', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.clock.install();
    await signUpAndSignIn(page, host.app);
    expect((await page.request.patch('/api/profile', { data: { auto_save_frequency: 1 }, headers: { origin: host.app.url } })).status()).toBe(200);
    const id = await upload(page, 'Timesheet.pdf', await invoiceWithForm());
    await page.goto(`/dashboard/edit/${id}`);
    await page.locator('.textLayer span').first().waitFor();

    await page.getByRole('button', { name: 'Cross' }).click();
    await clickPage(page, 0.5, 0.5);
    await page.clock.fastForward('01:05');
    await eventually(() => page.getByText(/^Saved at \d\d:\d\d$/).count()).toBe(1);
    const versions = (await (await page.request.get(`/api/documents/${id}/versions`)).json()) as { items: { version: number }[] };
    expect(versions.items.map((v) => v.version)).toEqual([2, 1]);
    await context.close();
  });
});

describe('Saving problems', () => {
  it('shows why a save was refused: the document was deleted meanwhile', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    const id = await upload(page, 'Gone soon.pdf', await invoiceWithForm());
    await page.goto(`/dashboard/edit/${id}`);
    await page.locator('.textLayer span').first().waitFor();
    await page.getByRole('button', { name: 'Cross' }).click();
    await clickPage(page, 0.5, 0.5);
    expect((await page.request.delete(`/api/documents/${id}`, { headers: { origin: host.app.url } })).status()).toBe(204);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').getByText('A file is no longer there').waitFor();
    await context.close();
  });
});

describe('Initials', () => {
  it('“Initial every page” places the same initials at the same spot on every page in one action', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/edit');
    await page.getByLabel('Drop a PDF here to edit it').setInputFiles({ name: 'Contract.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 3 }) });
    await page.getByRole('group', { name: 'Page 3' }).waitFor();
    await page.getByRole('button', { name: 'Initial every page' }).click();
    const pad = (await page.getByLabel('Initials drawing area').boundingBox())!;
    await page.mouse.move(pad.x + 40, pad.y + pad.height * 0.6);
    await page.mouse.down();
    for (const [i, fx] of [0.3, 0.4, 0.5, 0.6].entries()) await page.mouse.move(pad.x + pad.width * fx, pad.y + pad.height * (i % 2 ? 0.7 : 0.3), { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Use initials' }).click();
    await eventually(() => page.locator('[data-object-id][aria-label="Image"]').count()).toBe(3);
    const spots = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const group = page.getByRole('group', { name: `Page ${n}` });
        const [box, initials] = [(await group.boundingBox())!, (await group.locator('[data-object-id][aria-label="Image"]').boundingBox())!];
        return [Math.round(initials.x - box.x), Math.round(initials.y - box.y)];
      }),
    );
    expect(new Set(spots.map(String)).size).toBe(1);
    await context.close();
  });
});
