import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signedInUser } from '../../test/users.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (path: string, json: unknown) => ctx.client().request(`/api/auth${path}`, { method: 'POST', json });

/** The one error envelope of the whole API, nothing more. */
async function expectEnvelope(res: Response, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ code, requestId: expect.any(String), ...(message && { message }) });
  return body.error;
}

describe('auth refusals', () => {
  it('answer in the same envelope as the rest of the API', async () => {
    const elsewhere = await ctx.client().request('/api/profile');
    const auth = await post('/sign-in/email', { email: 'nobody@example.com.au', password: 'Wrong#Pass1' });
    const [a, b] = [await elsewhere.json(), await auth.clone().json()];
    expect(Object.keys(b.error).sort()).toEqual(Object.keys(a.error).sort());
    await expectEnvelope(auth, 401, 'INVALID_CREDENTIALS', 'The email or password you entered is incorrect. Please try again.');
  });

  it("map better-auth's codes to the catalogue", async () => {
    const email = `unverified-${Date.now()}@example.com.au`;
    await post('/sign-up/email', { email, password: 'Wattle#Gold2024', name: 'Una Verified' });
    await expectEnvelope(
      await post('/sign-in/email', { email, password: 'Wattle#Gold2024' }),
      403,
      'EMAIL_NOT_VERIFIED',
      'Please verify your email address before signing in. Check your inbox for the verification email.',
    );
    await expectEnvelope(await post('/sign-in/email', { email: 42, password: 'x' }), 400, 'VALIDATION_FAILED');
    await expectEnvelope(await post('/reset-password', { token: 'not-a-token', newPassword: 'New#Wattle2025' }), 400, 'INVALID_TOKEN');
    await expectEnvelope(await ctx.client().request('/api/auth/no-such-endpoint'), 404, 'NOT_FOUND');
  });

  it('refuse a body that is not JSON as BAD_REQUEST, not 500 (found by the fuzz run, decision 140)', async () => {
    for (const body of ['{', '{"email": ', '\u0000']) {
      const res = await ctx.client().request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await expectEnvelope(res, 400, 'BAD_REQUEST', 'The request body must be JSON.');
    }
  });

  it("keep our guards' field errors", async () => {
    const error = await expectEnvelope(await post('/sign-up/email', { email: `weak-${Date.now()}@example.com.au`, password: 'weak', name: 'Wes Weak' }), 400, 'VALIDATION_FAILED');
    expect(error.details.fieldErrors.password).toContain('Password must be at least 8 characters');
  });

  it('leave successful answers as better-auth made them', async () => {
    const { client } = await signedInUser(ctx);
    const res = await client.request('/api/auth/get-session');
    expect(res.status).toBe(200);
    expect(Object.keys(await res.json()).sort()).toEqual(['session', 'user']);
  });
});
