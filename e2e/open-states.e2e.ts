import { makePdf } from '../apps/server/src/test/pdfs.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot, type viewports } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

type Viewport = keyof typeof viewports;
type Theme = 'light' | 'dark';
const COMBINATIONS = (['desktop', 'phone'] as const).flatMap((viewport) => (['light', 'dark'] as const).map((theme) => [viewport, theme] as const));

/** Waits for what is opening to finish its transitions: axe reads colours, and half-faded ones are not the design. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Runs axe on the state now on screen, saves its picture and answers the faults, each named by the state. */
async function check(page: Page, state: string, viewport: Viewport, theme: Theme): Promise<string[]> {
  await settled(page);
  await screenshot(page, `open-states-${state.toLowerCase().replaceAll(' ', '-')}-${viewport}-${theme}`);
  return (await seriousAxeViolations(page)).map((violation) => `${state}: ${violation}`);
}

/** Shows the newest toast until axe has read it: sonner keeps a toast while the pointer is on it. */
async function holdToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]', { hasText: text }).first();
  await toast.waitFor();
  await toast.hover();
}

async function upload(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/documents', { multipart: { file: { name, mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) } }, headers: { origin: host.app.url } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The editor's pages scroll from the keyboard, and on a phone tabbing along the toolbar strip scrolls it. */
async function keyboardScrolls(page: Page, viewport: Viewport): Promise<void> {
  const pages = page.getByRole('region', { name: 'Pages' });
  await pages.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => pages.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  if (viewport !== 'phone') return;
  const toolbar = page.getByRole('toolbar', { name: 'Editor tools' });
  expect(await toolbar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const buttons = toolbar.locator('button:not([disabled])');
  const count = await buttons.count();
  await buttons.first().focus();
  for (let i = 1; i < count; i++) await page.keyboard.press('Tab');
  expect(await buttons.last().evaluate((el) => el === document.activeElement)).toBe(true);
  await expect.poll(() => toolbar.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
}

async function publicStates(page: Page, viewport: Viewport, theme: Theme): Promise<string[]> {
  const found: string[] = [];
  await page.goto('/');
  await page.locator('h1').waitFor();
  if (viewport === 'desktop') {
    for (const [menu, item] of [['PDF Tools', 'Organize PDFs'], ['Enterprise', 'Team Management']] as const) {
      const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu });
      await trigger.click();
      await page.locator('[data-slot="navigation-menu-content"]').getByRole('link', { name: new RegExp(item) }).waitFor();
      // Tab from the open menu's trigger goes into the menu, as Radix's hidden focus sentinel did.
      await trigger.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[data-slot="navigation-menu-content"]') !== null), menu).toBe(true);
      found.push(...(await check(page, `${menu} menu`, viewport, theme)));
      await page.keyboard.press('Escape');
    }
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const menu of ['PDF Tools', 'Enterprise']) {
      await page.getByRole('dialog').getByRole('button', { name: menu }).click();
      await page.getByRole('dialog').getByRole('region', { name: menu }).waitFor();
      found.push(...(await check(page, `${menu} menu`, viewport, theme)));
    }
    await page.keyboard.press('Escape');
  }
  await page.goto('/status');
  await page.getByText('All systems operational').waitFor();
  found.push(...(await check(page, 'status', viewport, theme)));
  return found;
}

async function dashboardStates(page: Page, viewport: Viewport, theme: Theme): Promise<string[]> {
  const found: string[] = [];
  await signUpAndSignIn(page, host.app);
  const id = await upload(page, 'Quarterly report.pdf');
  await upload(page, 'Minutes.pdf');
  const link = await page.request.post('/api/v1/links', { data: { documentId: id }, headers: { origin: host.app.url } });
  expect(link.status()).toBe(201);

  await page.getByRole('button', { name: /^Language and region/ }).click();
  await page.getByRole('menuitem', { name: 'Melbourne' }).waitFor();
  found.push(...(await check(page, 'locale menu', viewport, theme)));
  await page.getByRole('menuitem', { name: 'Melbourne' }).click();
  await holdToast(page, 'Settings updated');
  found.push(...(await check(page, 'success toast', viewport, theme)));

  await page.goto('/dashboard/documents');
  await page.getByRole('button', { name: /^Share Quarterly report\.pdf/ }).waitFor();
  found.push(...(await check(page, 'My Documents', viewport, theme)));
  await page.getByLabel('Choose PDF files to upload').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a PDF') }]);
  await holdToast(page, 'Some files were not uploaded');
  found.push(...(await check(page, 'error toast', viewport, theme)));

  await page.goto(`/dashboard/edit/${id}`);
  await page.getByRole('toolbar', { name: 'Editor tools' }).waitFor();
  await page.getByRole('group', { name: 'Page 1' }).waitFor();
  found.push(...(await check(page, 'editor', viewport, theme)));
  await keyboardScrolls(page, viewport);

  await page.goto('/dashboard/batch');
  await page.getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name: 'Add page numbers' }).click();
  await page.locator('input[type=file]').setInputFiles([
    { name: 'april.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) },
    { name: 'may.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 1 }) },
  ]);
  await page.getByText('may.pdf').waitFor();
  await page.getByRole('button', { name: 'Run on 2 documents' }).click({ timeout: 60_000 });
  await page.getByText('Finished: 2 done.').waitFor({ timeout: 60_000 });
  found.push(...(await check(page, 'batch done', viewport, theme)));
  return found;
}

describe('axe on the states that open', () => {
  for (const [viewport, theme] of COMBINATIONS) {
    it(`finds no serious or critical violation in open menus, toasts, the status labels, My Documents, the editor and a finished batch (${viewport}, ${theme})`, async () => {
      const context = await newContext(host.browser, host.app.url, viewport, theme);
      const page = await context.newPage();
      const found = [...(await publicStates(page, viewport, theme)), ...(await dashboardStates(page, viewport, theme))];
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
