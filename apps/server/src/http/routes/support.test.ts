import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '@wattle/db';
import { eq } from 'drizzle-orm';
import { SUPPORT_TICKETS_PER_HOUR } from '../../services/support.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';

let ctx: TestContext;
let client: TestClient;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client, user } = await signedInUser(ctx, { name: 'Bruce Wayne' }));
  await client.request('/api/profile', { method: 'PATCH', json: { email: 'bruce@contact.example.com.au' } });
});
afterAll(() => ctx.close());

const file = (json: unknown, as = client) => as.request('/api/support/tickets', { method: 'POST', json });

describe('POST /api/support/tickets', () => {
  it('stores the ticket and mails it to the support address, replies going to the verified sign-in email', async () => {
    const res = await file({ subject: 'Cannot <b>merge</b>', message: 'The merge tool says my file is damaged. <script>x</script>' });
    expect(res.status).toBe(201);
    const ticket = await res.json();
    expect(ticket).toMatchObject({ id: expect.any(String), reference: expect.stringMatching(/^WP-[0-9A-F]{8}$/), subject: 'Cannot <b>merge</b>' });

    const rows = await ctx.container.db.select().from(supportTickets).where(eq(supportTickets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Cannot <b>merge</b>', replyTo: user.email });

    const company = await (await ctx.client().request('/api/company-info')).json();
    const [mail] = await ctx.mails(company.email_support);
    expect(mail).toMatchObject({ replyTo: user.email, subject: `[${ticket.reference}] Cannot <b>merge</b>` });
    // An unverified contact address is mentioned, never made the reply address.
    expect(mail!.text).toContain('Contact email on the profile: bruce@contact.example.com.au');
    expect(mail!.text).toContain('The merge tool says my file is damaged.');
    expect(mail!.text).toContain('Bruce Wayne');
    // User text is never markup in the mail.
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&#60;script&#62;');
  });

  it('bounds the subject and message lengths', async () => {
    for (const json of [
      { subject: 'Hi', message: 'A long enough message.' },
      { subject: 'x'.repeat(151), message: 'A long enough message.' },
      { subject: 'Billing question', message: 'short' },
      { subject: 'Billing question', message: 'x'.repeat(5001) },
      { subject: 'Billing question' },
    ]) {
      const res = await file(json);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('limits how many tickets one account files in an hour', async () => {
    const { client: busy } = await signedInUser(ctx);
    for (let i = 0; i < SUPPORT_TICKETS_PER_HOUR; i++) expect((await file({ subject: `Question ${i}`, message: 'Please help with this.' }, busy)).status).toBe(201);
    const res = await file({ subject: 'One more', message: 'Please help with this.' }, busy);
    expect(res.status).toBe(429);
  });

  it('refuses a visitor', async () => {
    expect((await file({ subject: 'Hello there', message: 'Please help with this.' }, ctx.client())).status).toBe(401);
  });
});
