import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { makeJpeg, makePng, withClaimedSize } from '../../test/images.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';

let ctx: TestContext;
let client: TestClient;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client, user } = await signedInUser(ctx, { name: 'Matilda Jones' }));
});
afterAll(() => ctx.close());

const patch = (json: unknown, as = client) => as.request('/api/profile', { method: 'PATCH', json });

function avatarForm(bytes: Buffer, type = 'image/jpeg', field = 'file'): FormData {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), 'avatar.jpg');
  return form;
}
const putAvatar = (bytes: Buffer, type?: string) => client.request('/api/profile/avatar', { method: 'PUT', body: avatarForm(bytes, type) });

describe('GET /api/profile', () => {
  it("answers the spec's snake_case profile with the default settings", async () => {
    const res = await client.request('/api/profile');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: user.id,
      first_name: 'Matilda',
      last_name: 'Jones',
      email: user.email,
      company_name: null,
      phone_number: null,
      avatar_url: null,
      pdf_viewer_mode: 'continuous',
      pdf_export_quality: 'medium',
      preferred_page_size: 'A4',
      auto_save_frequency: 0,
      remove_active_content: true,
      locale: 'en-AU',
    });
  });

  it("starts the time zone as the browser's on the first visit only", async () => {
    const { client: fresh } = await signedInUser(ctx);
    const first = await (await fresh.request('/api/profile?time_zone=Australia%2FPerth')).json();
    expect(first.time_zone).toBe('Australia/Perth');
    const later = await (await fresh.request('/api/profile?time_zone=Australia/Darwin')).json();
    expect(later.time_zone).toBe('Australia/Perth');
  });

  it('refuses a visitor', async () => {
    const res = await ctx.client().request('/api/profile');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });
});

describe('PATCH /api/profile', () => {
  it('saves the profile form fields', async () => {
    const res = await patch({ first_name: 'Tilly', last_name: 'Jones-Smith', email: 'tilly@example.com.au', company_name: 'Banksia Pty Ltd', phone_number: '0412 345 678' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ first_name: 'Tilly', last_name: 'Jones-Smith', email: 'tilly@example.com.au', company_name: 'Banksia Pty Ltd', phone_number: '0412 345 678' });
    expect(await (await client.request('/api/profile')).json()).toMatchObject({ first_name: 'Tilly', email: 'tilly@example.com.au' });
  });

  it('keeps the sign-in email: the profile email is a contact address', async () => {
    const session = await (await client.request('/api/auth/get-session')).json();
    expect(session.user.email).toBe(user.email);
  });

  it('stores an emptied optional field as absent', async () => {
    expect(await (await patch({ company_name: '', phone_number: '' })).json()).toMatchObject({ company_name: null, phone_number: null });
  });

  it("refuses invalid fields with the spec's messages under each field", async () => {
    const res = await patch({ first_name: 'T', last_name: 'J', email: 'not-an-email' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fieldErrors).toEqual({
      first_name: ['First name must be at least 2 characters'],
      last_name: ['Last name must be at least 2 characters'],
      email: ['Invalid email address'],
    });
    expect((await (await client.request('/api/profile')).json()).first_name).toBe('Tilly');
  });

  it('refuses unknown fields, including ones the user may not set', async () => {
    for (const json of [{ avatar_url: 'https://evil.example/x.jpg' }, { id: 'someone-else' }, { last_login_at: null }]) {
      const res = await patch(json);
      expect(res.status).toBe(400);
    }
  });

  it('saves each value of each PDF setting', async () => {
    const values = {
      pdf_viewer_mode: ['single', 'continuous'],
      pdf_export_quality: ['low', 'high', 'medium'],
      preferred_page_size: ['Letter', 'Legal', 'A4'],
      auto_save_frequency: [1, 5, 15, 30, 0],
      remove_active_content: [false, true],
    } as const;
    for (const [field, options] of Object.entries(values)) {
      for (const value of options) {
        const res = await patch({ [field]: value });
        expect(res.status, `${field}=${value}`).toBe(200);
        expect((await res.json())[field]).toBe(value);
      }
    }
  });

  it('refuses a setting outside its options', async () => {
    for (const json of [{ pdf_viewer_mode: 'book' }, { pdf_export_quality: 'ultra' }, { preferred_page_size: 'A3' }, { auto_save_frequency: 7 }, { auto_save_frequency: '5' }, { remove_active_content: 'yes' }]) {
      const res = await patch(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((await res.json()).error.details.fieldErrors)).toEqual(Object.keys(json));
    }
  });

  it('saves the locale and time zone, refusing unknown ones', async () => {
    expect(await (await patch({ locale: 'en-NZ', time_zone: 'Pacific/Auckland' })).json()).toMatchObject({ locale: 'en-NZ', time_zone: 'Pacific/Auckland' });
    expect((await patch({ locale: 'fr-FR' })).status).toBe(400);
    expect((await patch({ time_zone: 'Mars/Olympus_Mons' })).status).toBe(400);
    await patch({ locale: 'en-AU', time_zone: 'Australia/Sydney' });
  });

  it('answers a malformed body with 400, not 500', async () => {
    const res = await client.request('/api/profile', { method: 'PATCH', body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('only ever changes the caller’s own row', async () => {
    const other = await signedInUser(ctx, { name: 'Other Person' });
    await patch({ first_name: 'Changed' }, other.client);
    expect((await (await client.request('/api/profile')).json()).first_name).toBe('Tilly');
  });
});

describe('PUT /api/profile/avatar', () => {
  it('stores a 400x400 JPEG and points avatar_url at its public, versioned address', async () => {
    const res = await putAvatar(await makeJpeg(1200, 900));
    expect(res.status).toBe(200);
    const { avatar_url } = await res.json();
    expect(avatar_url).toMatch(new RegExp(`^/api/avatars/${user.id}\\.jpg\\?v=\\d+$`));
    expect((await (await client.request('/api/profile')).json()).avatar_url).toBe(avatar_url);

    const image = await ctx.client().request(avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
  });

  it('refuses anything but a JPEG, whatever it is called', async () => {
    const res = await putAvatar(await makePng(50, 50), 'image/jpeg');
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a pixel flood from its header, before decoding', async () => {
    const flood = withClaimedSize(await makeJpeg(64, 64), 60_000, 60_000);
    // 64 x 64 pixels of data claiming 60,000 x 60,000: only the header can say it is too large.
    const res = await putAvatar(flood);
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses a file over 2 MB', async () => {
    const big = Buffer.concat([await makeJpeg(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await putAvatar(big);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a truncated JPEG without a 500', async () => {
    const whole = await makeJpeg(300, 300);
    const res = await putAvatar(whole.subarray(0, 40));
    expect(res.status).toBe(415);
  });

  it('refuses a body that is not multipart, and a visitor', async () => {
    const raw = await client.request('/api/profile/avatar', { method: 'PUT', body: new Uint8Array(await makeJpeg(10, 10)), headers: { 'content-type': 'image/jpeg' } });
    expect(raw.status).toBe(400);
    const visitor = await ctx.client().request('/api/profile/avatar', { method: 'PUT', body: avatarForm(await makeJpeg(10, 10)) });
    expect(visitor.status).toBe(401);
  });

  it('answers 404 for an avatar that does not exist or a name that is not an avatar', async () => {
    for (const path of ['/api/avatars/nobody.jpg', '/api/avatars/..%2Fsecret.jpg', '/api/avatars/x.png']) {
      expect((await ctx.client().request(path)).status, path).toBe(404);
    }
  });
});
