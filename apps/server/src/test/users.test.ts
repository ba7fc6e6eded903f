import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, usageStatistics } from '@wattle/db';
import { createTestContext, type TestContext } from './harness.ts';
import { signedInUser } from './users.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('signedInUser', () => {
  it('creates a verified, signed-in account with its profile and usage rows', async () => {
    const { client, user } = await signedInUser(ctx, { name: 'Matilda Jane Brown' });
    expect(user).toMatchObject({ id: expect.any(String), name: 'Matilda Jane Brown', email: expect.stringMatching(/@example\.com\.au$/) });
    const [profile] = await ctx.container.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ firstName: 'Matilda', lastName: 'Jane Brown', email: user.email });
    expect(profile!.lastLoginAt).toBeInstanceOf(Date);
    const [usage] = await ctx.container.db.select().from(usageStatistics).where(eq(usageStatistics.userId, user.id));
    expect(usage).toMatchObject({ storageUsed: 0, storageLimit: 52428800, pdfsProcessed: 0 });
    const session = await (await client.request('/api/auth/get-session')).json();
    expect(session.user.emailVerified).toBe(true);
  });
});
