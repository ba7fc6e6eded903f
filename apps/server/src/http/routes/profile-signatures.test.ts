import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { makeJpeg, makePng } from '../../test/images.ts';
import { signedInUser } from '../../test/users.ts';

/** Saved signatures and initials through the real app: stored like the avatar, but only ever shown to their owner. */
describe('/api/profile/signatures', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const put = (client: TestClient, kind: string, bytes: Buffer, type = 'image/png') => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'signature.png');
    return client.request(`/api/profile/signatures/${kind}`, { method: 'PUT', body: form });
  };
  /** Black ink on a transparent background, as the signature pad draws it. */
  const ink = () =>
    sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 200, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }, left: 50, top: 45 }])
      .png()
      .toBuffer();
  const errorCode = async (res: Response) => (await res.json()).error.code;

  it('saves, lists, serves and deletes a signature and initials, keeping the transparency', async () => {
    const { client } = await signedInUser(ctx);
    expect(await (await client.request('/api/profile/signatures')).json()).toEqual({ signature: null, initials: null });

    const saved = await put(client, 'signature', await ink());
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body).toEqual({ signature: { updated_at: expect.any(String) }, initials: null });
    expect(await (await client.request('/api/profile/signatures')).json()).toEqual(body);

    const image = await client.request('/api/profile/signatures/signature/image');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    const png = Buffer.from(await image.arrayBuffer());
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([300, 100, 4]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(5, 5)).toBe(0);
    expect(alphaAt(100, 50)).toBe(255);

    expect((await put(client, 'initials', await makePng(80, 40))).status).toBe(200);
    expect(await (await client.request('/api/profile/signatures')).json()).toMatchObject({ signature: { updated_at: expect.any(String) }, initials: { updated_at: expect.any(String) } });

    expect((await client.request('/api/profile/signatures/signature', { method: 'DELETE' })).status).toBe(204);
    expect((await client.request('/api/profile/signatures/signature/image')).status).toBe(404);
    expect(await (await client.request('/api/profile/signatures')).json()).toMatchObject({ signature: null, initials: { updated_at: expect.any(String) } });
  });

  it("never shows one person's signature to another, and refuses a visitor", async () => {
    const owner = await signedInUser(ctx);
    expect((await put(owner.client, 'signature', await ink())).status).toBe(200);
    const other = await signedInUser(ctx);
    expect((await other.client.request('/api/profile/signatures/signature/image')).status).toBe(404);
    expect(await (await other.client.request('/api/profile/signatures')).json()).toEqual({ signature: null, initials: null });
    // Deleting one's own (absent) signature leaves the other person's alone.
    expect((await other.client.request('/api/profile/signatures/signature', { method: 'DELETE' })).status).toBe(204);
    expect((await owner.client.request('/api/profile/signatures/signature/image')).status).toBe(200);

    const visitor = ctx.client();
    expect(await errorCode(await visitor.request('/api/profile/signatures'))).toBe('UNAUTHORIZED');
    expect(await errorCode(await put(visitor, 'signature', await ink()))).toBe('UNAUTHORIZED');
    expect(await errorCode(await visitor.request('/api/profile/signatures/signature/image'))).toBe('UNAUTHORIZED');
    expect(await errorCode(await visitor.request('/api/profile/signatures/signature', { method: 'DELETE' }))).toBe('UNAUTHORIZED');
  });

  it('refuses what is not a PNG, a pixel flood, a picture over 2000 pixels a side, and a kind that does not exist', async () => {
    const { client } = await signedInUser(ctx);
    const notPng = await put(client, 'signature', await makeJpeg(100, 50), 'image/jpeg');
    expect([notPng.status, await errorCode(notPng)]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
    const text = await put(client, 'signature', Buffer.from('not an image at all'), 'image/png');
    expect(await errorCode(text)).toBe('UNSUPPORTED_FILE_TYPE');

    // A small PNG whose header claims 65535 x 65535: refused from the header, before anything decodes it.
    const flood = Buffer.from(await makePng(10, 10));
    flood.writeUInt32BE(65_535, 16);
    flood.writeUInt32BE(65_535, 20);
    const bomb = await put(client, 'signature', flood);
    expect([bomb.status, await errorCode(bomb)]).toEqual([422, 'IMAGE_TOO_LARGE']);
    expect(await errorCode(await put(client, 'initials', await makePng(2001, 10)))).toBe('IMAGE_TOO_LARGE');

    // A PNG header over a body that is no image.
    const cut = Buffer.from(await makePng(50, 50)).subarray(0, 40);
    expect(await errorCode(await put(client, 'signature', cut))).toBe('UNSUPPORTED_FILE_TYPE');

    expect(await errorCode(await put(client, 'stamp', await ink()))).toBe('NOT_FOUND');
    expect(await (await client.request('/api/profile/signatures')).json()).toEqual({ signature: null, initials: null });
  });
});
