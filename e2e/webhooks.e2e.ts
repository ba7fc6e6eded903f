import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { noToasts, seriousAxeViolations } from './support/axe.ts';
import { screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile, openSignedInPage } from './support/pages.ts';

// The receiver is on this machine, which webhooks reach only when told.
const host = appAndBrowserForFile({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];

beforeAll(async () => {
  // A receiver on this machine (http to loopback is allowed outside production).
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/wattle`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  receiver?.close();
});

const signedInPage = (viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light') => openSignedInPage(host, viewport, theme);

async function addWebhook(page: Page, url: string): Promise<string> {
  await page.goto('/dashboard/settings?tab=webhooks');
  await page.getByLabel('Address').fill(url);
  await page.getByLabel(/A document was saved/).click();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const secret = (await page.locator('code').filter({ hasText: /^whsec_/ }).textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return secret;
}

describe('Webhooks on Settings', () => {
  it('adds a webhook with its secret shown once, logs a delivery with Resend, turns it off and deletes it after a confirmation', async () => {
    const { page, errors } = await signedInPage();
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.waitForURL(/tab=webhooks/);

    // Not https: the server's field message under the address.
    await page.getByLabel('Address').fill('http://hooks.example.com.au/in');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Enter an https:// address').waitFor();

    const secret = await addWebhook(page, receiverUrl);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('code').filter({ hasText: /^whsec_/ }).count()).toBe(0);

    // A stored document is a document.created event, delivered to the receiver.
    const stored = await page.request.post('/api/documents', {
      multipart: { file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 1 }) } },
      headers: { origin: host.app.url },
    });
    expect(stored.status()).toBe(201);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    const card = page.locator('[data-slot="card"]').filter({ hasText: receiverUrl });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const row = card.getByRole('row').filter({ hasText: 'document.created' });
    await row.getByText('Delivered').waitFor();
    await row.getByRole('cell', { name: '200' }).waitFor();
    const before = received.length;
    await row.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Delivery queued').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(before + 1);
    expect(received.at(-1)).toBe(received.at(-2));

    await card.getByRole('switch').click();
    await card.getByText('Off', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete this webhook?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Webhook deleted').waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`looks right on ${viewport}, ${theme}, with no serious axe violations`, async () => {
        const { page, errors } = await signedInPage(viewport, theme);
        await addWebhook(page, 'https://hooks.example.com.au/wattle/a-rather-long-path/that-must-wrap-on-a-phone');
        await noToasts(page);
        await screenshot(page, `webhooks-${viewport}-${theme}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
        expect(errors).toEqual([]);
      });
    }
  }
});
