import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CLIENT_HEADER } from '@wattle/shared';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/harness.ts';
import { signedInUser } from '../../test/users.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const { client } = await signedInUser(ctx);
  cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(() => ctx.close());

const MISSING_LINK = '/api/v1/links/00000000-0000-4000-8000-000000000000';
/** A state change sent straight to the app, with only the headers given (no Origin unless given). */
const remove = (headers: Record<string, string>) => ctx.app.request(MISSING_LINK, { method: 'DELETE', headers });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('cookie requests that change state', () => {
  it('are refused with neither Origin, Sec-Fetch-Site nor the web app’s header', async () => {
    const res = await remove({ cookie });
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('FORBIDDEN');
    expect((await ctx.app.request('/api/auth/sign-out', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })).status).toBe(403);
  });

  it('pass with our Origin, a same-origin Sec-Fetch-Site, or the web app’s header', async () => {
    const vouched: Record<string, string>[] = [{ origin: TEST_ORIGIN }, { 'sec-fetch-site': 'same-origin' }, { [WEB_CLIENT_HEADER]: '1' }];
    for (const headers of vouched) {
      const res = await remove({ cookie, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(404);
    }
  });

  it('are still refused from another site, whatever else they carry', async () => {
    expect((await remove({ cookie, origin: 'https://evil.example', [WEB_CLIENT_HEADER]: '1' })).status).toBe(403);
    expect((await remove({ cookie, 'sec-fetch-site': 'cross-site', [WEB_CLIENT_HEADER]: '1' })).status).toBe(403);
  });

  it('leave requests without cookies to the route: they cannot ride anyone’s session', async () => {
    const res = await remove({});
    expect(res.status).toBe(401);
  });
});
