import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core in the page; evaluate (not a script tag) so the app's CSP does not block it. The
 * label-in-name check (WCAG 2.5.3) is off in axe by default as experimental; speech users need it.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** Waits until every toast has gone: one fading out is not what axe is there to check (the first going is not enough when two were shown). */
export async function noToasts(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, null, { timeout: 15_000 });
}
