import { getTool, PLAN_LIMITS } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { newContext, screenshot } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

/** What the pages say about the product is true of what ships, and quotes nobody who does not exist. */
describe('claims', () => {
  it('the sign-in panel quotes the company’s own promise, attributed to Wattle PDF', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/auth/login');
    const quote = page.locator('aside figure');
    await quote.waitFor();
    expect(await quote.locator('figcaption').innerText()).toMatch(/^Wattle PDF\b/);
    expect(await page.locator('aside').innerText()).not.toMatch(/Sofia|Harbourside|Practice Manager/);
    await context.close();
  });

  it('Settings speaks of the editor as shipped', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    await page.goto('/dashboard/settings');
    await page.getByText('How often the PDF editor saves your work.').waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/coming soon/i);
    await context.close();
  });

  it('the Convert page counts the conversions it shows', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/convert');
    const section = page.locator('#conversion-tools');
    await section.locator('a').first().waitFor();
    const cards = await section.locator('a').count();
    expect(await section.locator('h2').innerText()).toBe(`${cards} ways to convert`);
    await context.close();
  });

  it('Pricing answers that teams ship, not that they are still being built', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Can my whole team use Wattle PDF?' }).click();
    const answer = page.getByRole('region', { name: 'Can my whole team use Wattle PDF?' });
    await answer.getByText(/Create a team from the Team page/).waitFor();
    expect(await answer.innerText()).not.toMatch(/still being built/);
    await context.close();
  });

  it('the merge article gives the files a merge takes today and does not say tools run in the browser', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/blog/merge-pdfs-and-put-pages-in-order');
    const article = page.locator('main');
    await article.locator('h1').waitFor();
    const merge = getTool('merge');
    const most = (plan: 'visitor' | 'free') => Math.min(merge.maxFiles, PLAN_LIMITS[plan].filesPerJob);
    expect(await article.innerText()).toContain(`add between ${merge.minFiles} and ${most('visitor')} PDFs (${most('free')} with a free account)`);
    expect(await article.innerText()).not.toMatch(/runs? in your browser/);
    await context.close();
  });

  it('pictures the changed pages at 1366 px and 390 px, light and dark', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await newContext(host.browser, host.app.url, viewport, theme);
        const page = await context.newPage();
        for (const [name, path, ready] of [['sign-in', '/auth/login', 'h1'], ['convert', '/tools/convert', '#conversion-tools a']] as const) {
          await page.goto(path);
          await page.locator(ready).first().waitFor();
          await screenshot(page, `claims-${name}-${viewport}-${theme}`);
        }
        await page.goto('/pricing');
        await page.getByRole('button', { name: 'Can my whole team use Wattle PDF?' }).click();
        await page.getByText(/Create a team from the Team page/).waitFor();
        await screenshot(page, `claims-pricing-${viewport}-${theme}`);
        await context.close();
      }
    }
  });
});
