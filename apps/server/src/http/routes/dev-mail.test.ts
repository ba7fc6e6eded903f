import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('/dev/mail', () => {
  it('lists the outbox and shows a message, escaping everything', async () => {
    await ctx.container.mailer.send({ to: 'dev@example.com.au', subject: 'Hello <script>alert(1)</script>', html: '<p>Hi "there"</p>', text: 'Plain <b>text</b>' });
    const list = await ctx.app.request('/dev/mail');
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(listHtml).not.toContain('<script>');

    const id = /href="\/dev\/mail\/([^"]+)"/.exec(listHtml)![1]!;
    const view = await ctx.app.request(`/dev/mail/${id}`);
    const html = await view.text();
    expect(view.status).toBe(200);
    expect(html).toContain('Plain &lt;b&gt;text&lt;/b&gt;');
    // The HTML part sits in a sandboxed srcdoc frame, attribute-escaped.
    expect(html).toMatch(/<iframe sandbox="allow-top-navigation-by-user-activation"[^>]*srcdoc="&lt;p&gt;Hi &quot;there&quot;&lt;\/p&gt;"/);
    expect(view.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await ctx.app.request('/dev/mail/nope')).status).toBe(404);
    expect((await ctx.app.request('/dev/mail/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('is not served in production or when mail goes out by SMTP', async () => {
    for (const env of [{ NODE_ENV: 'production' }, { SMTP_URL: 'smtp://127.0.0.1:1' }] as Record<string, string>[]) {
      const other = await createTestContext(env);
      try {
        const res = await other.app.request('/dev/mail');
        expect(await res.text()).not.toContain('Dev outbox');
      } finally {
        await other.close();
      }
    }
  });
});
