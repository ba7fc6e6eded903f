import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

/** Opens a fresh one-page PDF in the public editor, as a visitor or an account holder would. */
async function openEditor(page: Page) {
  await page.goto('/tools/edit');
  await page.getByLabel('Drop a PDF here to edit it').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 1 }) });
  await page.getByRole('button', { name: 'Sign', exact: true }).waitFor();
}

async function drawSquiggle(page: Page) {
  const pad = (await page.getByLabel('Signature drawing area').boundingBox())!;
  await page.mouse.move(pad.x + 40, pad.y + pad.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(pad.x + 40 + i * 20, pad.y + pad.height * (i % 2 ? 0.35 : 0.65), { steps: 3 });
  await page.mouse.up();
}

describe('signature dialog', () => {
  it('an account holder draws a signature, keeps it on the profile as a transparent PNG cut to its ink, reuses it next time, then removes it', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    await openEditor(page);

    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your signature' });
    await dialog.waitFor();
    await drawSquiggle(page);
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Save to my profile' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'signature-draw-light');
    await dialog.getByRole('button', { name: 'Use signature' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const saved = (await (await page.request.get('/api/profile/signatures')).json()) as { signature: { updated_at: string } | null; initials: unknown };
    expect(saved.signature?.updated_at).toEqual(expect.any(String));
    expect(saved.initials).toBeNull();
    const image = await page.request.get('/api/profile/signatures/signature/image');
    expect(image.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await image.body()).metadata();
    const pad = (await page.evaluate(() => window.devicePixelRatio)) * 600;
    expect(meta.hasAlpha).toBe(true);
    // Cut to the strokes (about 240 CSS pixels wide), not the whole pad.
    expect(meta.width).toBeLessThan(pad / 2);

    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await dialog.getByRole('img', { name: 'Your saved signature' }).waitFor();
    await screenshot(page, 'signature-saved-light');
    await dialog.getByRole('button', { name: 'Use saved signature' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Removed from the profile: no longer offered, and gone from the server.
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await dialog.getByRole('button', { name: 'Remove your saved signature' }).click();
    await dialog.getByRole('button', { name: 'Use saved signature' }).waitFor({ state: 'detached' });
    expect(((await (await page.request.get('/api/profile/signatures')).json()) as { signature: unknown }).signature).toBeNull();
    await context.close();
  });

  it('a visitor types their initials in a script font, with no offer to save them, in the dark theme', async () => {
    const context = await newContext(host.browser, host.app.url, 'desktop', 'dark');
    const page = await context.newPage();
    await openEditor(page);

    await page.getByRole('button', { name: 'Initial every page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your initials' });
    await dialog.getByRole('tab', { name: 'Type' }).click();
    await dialog.getByLabel('Your initials').fill('MJ');
    await dialog.getByRole('radio', { name: 'Great Vibes' }).click();
    await dialog.getByText('Sign in to keep your initials for next time.').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Save to my profile' }).count()).toBe(0);
    await screenshot(page, 'signature-type-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Use initials' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('refuses an upload that is not a picture, and takes a PNG', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await openEditor(page);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your signature' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    const input = dialog.getByLabel('Signature image');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('Choose a PNG, JPEG or WebP image.').waitFor();

    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="300" height="100"><path d="M10 80 C 80 10, 150 90, 290 20" stroke="#123" stroke-width="6" fill="none"/></svg>') }])
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('img', { name: 'The image you chose' }).waitFor();
    await screenshot(page, 'signature-upload-phone');
    await dialog.getByRole('button', { name: 'Use signature' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
