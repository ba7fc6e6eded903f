import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { noToasts } from './support/axe.ts';
import { artifactsDir, newContext, screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

/** A 900x600 picture with something to frame: sky, hills, the sun and a wattle spray. */
const PORTRAIT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7cc3e8"/><stop offset="1" stop-color="#e8f4f8"/></linearGradient></defs>
  <rect width="900" height="600" fill="url(#sky)"/>
  <circle cx="640" cy="150" r="70" fill="#f4c430"/>
  <path d="M0 420 Q 220 300 450 400 T 900 380 V 600 H 0 Z" fill="#2f7d5b"/>
  <path d="M0 500 Q 300 420 600 500 T 900 480 V 600 H 0 Z" fill="#1f5c48"/>
  <g fill="#f4c430"><circle cx="300" cy="330" r="22"/><circle cx="340" cy="300" r="18"/><circle cx="270" cy="290" r="16"/><circle cx="320" cy="260" r="14"/></g>
</svg>`;

const host = appAndBrowserForFile();

/** A signed-in page on a fresh account; page errors fail the test that opened it. */
async function signedInPage(viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light', timezoneId?: string) {
  const context = timezoneId
    ? await host.browser.newContext({ baseURL: host.app.url, viewport: viewports[viewport], locale: 'en-AU', timezoneId })
    : await newContext(host.browser, host.app.url, viewport, theme);
  host.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const email = await signUpAndSignIn(page, host.app);
  return { context, page, email, errors };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const badge = (page: Page) => page.getByTestId('unread-count');
/** The sign-in's "Welcome!" toast gone, so pictures show the page alone. */

describe('dashboard shell on desktop', () => {
  it('greets by first name and shows the account block, stats and every sidebar entry', async () => {
    const { page, email, errors } = await signedInPage();
    await expect.poll(() => page.getByTestId('greeting').textContent()).toMatch(/^(G'day mate|Welcome back|Cheers|Good morning|Good arvo|Good evening), Matilda$/);
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    const labels = await sidebar.getByRole('link').allTextContents();
    expect(labels).toEqual(['Dashboard', 'My Documents', 'Upload PDFs', 'Batch Process', 'Create PDF', 'Edit PDF', 'All PDF Tools', 'Share PDFs', 'Downloads', 'Team', 'Profile', 'Settings', 'Support']);
    expect(await sidebar.getByRole('link', { name: 'Upload PDFs' }).getAttribute('href')).toBe('/dashboard/documents?upload=true');
    await expect.poll(() => page.getByTestId('sidebar-name').textContent()).toBe('Matilda Jones');
    await page.getByText(email).first().waitFor();
    await page.getByText(/^Last login \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await expect.poll(() => page.getByTestId('storage-used').textContent()).toBe('0.00 MB');
    expect(await page.getByTestId('pdfs-processed').textContent()).toBe('0');

    // Collapsed on desktop, and remembered.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();

    // The avatar menu leads to Profile and Settings.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    expect(errors).toEqual([]);
  });

  it('changes the locale and time zone from the header and keeps them in the profile', async () => {
    const { page } = await signedInPage('desktop', 'light', 'Australia/Adelaide');
    // The dashboard's own first read of the profile (the account's first visit) has answered.
    await page.getByTestId('sidebar-name').waitFor();
    // The new account's time zone started as the browser's.
    await expect.poll(async () => (await (await page.request.get('/api/profile')).json()).time_zone).toBe('Australia/Adelaide');
    const control = page.getByRole('button', { name: /^Language and region/ });
    await control.click();
    await page.getByRole('menuitem', { name: 'English (New Zealand)' }).click();
    await expect.poll(() => control.textContent()).toBe('EN-NZ');
    // The menu closes on a choice; the next click opens it again.
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await control.click();
    await page.getByRole('menuitem', { name: 'Perth' }).click();
    await expect.poll(async () => (await (await page.request.get('/api/profile')).json()).time_zone).toBe('Australia/Perth');
    expect((await (await page.request.get('/api/profile')).json()).locale).toBe('en-NZ');
    // Dates stay DD/MM/YYYY.
    await page.getByText(/^Last login \d{2}\/\d{2}\/\d{4}$/).waitFor();
  });

  it('uploads from Quick Upload and updates another open tab live', async () => {
    const { context, page } = await signedInPage();
    const other = await context.newPage();
    // The watching tab's event stream is open (and subscribed) once its response arrives.
    const streamOpen = other.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);
    await other.goto('/dashboard');
    await streamOpen;
    await expect.poll(() => other.getByTestId('storage-used').textContent()).toBe('0.00 MB');

    await page.getByLabel('Choose PDF files to upload').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await makePdf({ size: 200_000 }) });
    await toast(page, 'Upload successful').waitFor();
    await expect.poll(() => page.getByTestId('recent-activity').textContent()).toBe('1');
    // The other tab never reloaded: the documents.changed event made it refetch.
    await expect.poll(() => other.getByTestId('recent-activity').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await other.getByTestId('storage-used').textContent()).toBe('0.19 MB');
  });

  it('shows the welcome notification, and marking it read updates the badge in every tab', async () => {
    const { context, page } = await signedInPage();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    const other = await context.newPage();
    await other.goto('/dashboard/settings');
    await expect.poll(() => badge(other).textContent()).toBe('1');

    await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await page.waitForURL('**/dashboard/notifications');
    await page.getByText('Welcome to Wattle PDF').waitFor();
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await badge(page).waitFor({ state: 'detached' });
    await page.getByText('You are all caught up.').waitFor();
    await badge(other).waitFor({ state: 'detached', timeout: 15_000 });

    // Opening a notification follows its link.
    await page.getByRole('button', { name: 'Welcome to Wattle PDF' }).click();
    await page.waitForURL('**/dashboard/documents?upload=true');
  });

  it('edits the profile, with field errors under the fields', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByText('Manage your account settings and preferences').waitFor();
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.inputValue()).toBe('Matilda');

    await firstName.fill('T');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await page.getByText('Invalid email address').waitFor();

    await firstName.fill('Tilly');
    await page.getByLabel('Email').fill('tilly@contact.example.com.au');
    await page.getByLabel('Company name').fill('Banksia Pty Ltd');
    await page.getByLabel('Phone number').fill('0412 345 678');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Your profile has been updated successfully.').waitFor();
    await expect.poll(() => page.getByTestId('sidebar-name').textContent()).toBe('Tilly Jones');
    await page.reload();
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Banksia Pty Ltd');
    expect(await page.getByLabel('Email').inputValue()).toBe('tilly@contact.example.com.au');
  });

  it('crops and saves a profile picture as a 400x400 JPEG, and refuses other image types', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard/profile');
    const picker = page.getByTestId('avatar-input');

    await picker.setInputFiles({ name: 'photo.webp', mimeType: 'image/webp', buffer: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abc' } }).webp().toBuffer() });
    await toast(page, 'Please select a valid image file (JPEG, PNG, or GIF)').waitFor();

    const png = await sharp(Buffer.from(PORTRAIT_SVG)).png().toBuffer();
    await picker.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog', { name: 'Crop Profile Picture' });
    await dialog.waitFor();

    // Zoom starts at 1 and moves in steps of 0.1.
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    expect(await zoom.getAttribute('aria-valuenow')).toBe('1');
    expect(await zoom.getAttribute('aria-valuemin')).toBe('0.5');
    expect(await zoom.getAttribute('aria-valuemax')).toBe('3');
    await zoom.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => zoom.getAttribute('aria-valuenow')).toBe('1.1');
    await dialog.getByText('1.1×').waitFor();

    // The crop is a full-height square; arrow keys move it by 1, Shift by 10.
    const selection = dialog.locator('.ReactCrop__crop-selection');
    const before = await selection.boundingBox();
    await selection.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Math.round(before!.x - (await selection.boundingBox())!.x)).toBeGreaterThan(5);
    await screenshot(page, 'dashboard-avatar-crop-desktop-light');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile picture updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const avatar = page.locator('img[src*="/api/avatars/"]').first();
    await avatar.waitFor();
    await screenshot(page, 'dashboard-avatar-saved-desktop-light');
    const src = await avatar.getAttribute('src');
    expect(src).toMatch(/^\/api\/avatars\/[\w-]+\.jpg\?v=\d+$/);
    const stored = await page.request.get(src!);
    expect(stored.headers()['content-type']).toBe('image/jpeg');
    expect(await sharp(await stored.body()).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
  });

  it('saves each setting as soon as it changes', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard/settings');
    await page.getByText('PDF Settings').waitFor();
    const saved = async (field: string) => ((await (await page.request.get('/api/profile')).json()) as Record<string, unknown>)[field];
    const choose = async (label: string, option: string, field: string, value: unknown) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await expect.poll(() => saved(field)).toBe(value);
    };
    await choose('PDF Viewer Mode', 'Single Page', 'pdf_viewer_mode', 'single');
    await toast(page, 'Your settings have been updated successfully.').waitFor();
    await choose('Export Quality', 'High (Slower)', 'pdf_export_quality', 'high');
    await choose('Default Page Size', 'Legal', 'preferred_page_size', 'Legal');
    await choose('Auto-Save Frequency', 'Every 15 minutes', 'auto_save_frequency', 15);
    await choose('Remove Active Content', 'Off', 'remove_active_content', false);
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'PDF Viewer Mode' }).textContent()).toBe('Single Page');
    expect(await page.getByRole('combobox', { name: 'Export Quality' }).textContent()).toBe('High (Slower)');
    expect(await page.getByRole('combobox', { name: 'Default Page Size' }).textContent()).toBe('Legal');
    expect(await page.getByRole('combobox', { name: 'Auto-Save Frequency' }).textContent()).toBe('Every 15 minutes');
    expect(await page.getByRole('combobox', { name: 'Remove Active Content' }).textContent()).toBe('Off');
  });

  it('files a support ticket', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard/support');
    await page.getByRole('link', { name: 'support@wattlepdf.com.au' }).waitFor();
    await page.getByLabel('Subject').fill('Merge keeps failing');
    await page.getByLabel('Message').fill('The merge tool stops at 90% with my two invoices.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/^Reference WP-[0-9A-F]{8}/).waitFor();
  });
});

describe('dashboard shell on a phone', () => {
  it('opens the menu as a drawer that closes on navigation', async () => {
    const { page, errors } = await signedInPage('phone');
    await noToasts(page);
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByText('Matilda Jones').waitFor();
    // Slid all the way in.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await page.screenshot({ path: join(artifactsDir, 'dashboard-drawer-phone-light.png') });
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    await drawer.waitFor({ state: 'detached' });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(errors).toEqual([]);
  });
});

const PAGES = ['', 'documents', 'batch', 'create', 'edit', 'share', 'downloads', 'team', 'profile', 'settings', 'support', 'notifications'];

describe('screenshots of every dashboard page', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${viewport}, ${theme}`, async () => {
        const { page, errors } = await signedInPage(viewport, theme);
        await noToasts(page);
        for (const path of PAGES) {
          await page.goto(`/dashboard${path ? `/${path}` : ''}`);
          await page.locator('main h1').first().waitFor();
          // Let the page's own data arrive (skeletons gone) before the picture.
          await page.waitForFunction(() => document.querySelectorAll('main [data-slot="skeleton"]').length === 0, undefined, { timeout: 10_000 }).catch(() => {});
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `/dashboard/${path} overflows`).toBeLessThanOrEqual(viewports[viewport].width);
          await screenshot(page, `dashboard-${path || 'home'}-${viewport}-${theme}`);
        }
        expect(errors).toEqual([]);
      });
    }
  }
});
