import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { AppError, profileUpdateSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { AVATAR_MAX_BYTES, readAvatar, saveAvatar } from '../../services/avatar.ts';
import { getProfile, patchProfile } from '../../services/profile.ts';
import { deleteSignature, isSignatureKind, listSignatures, readSignature, saveSignature, SIGNATURE_MAX_BYTES } from '../../services/signatures.ts';
import { accountId, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readOneFile } from '../upload/multipart.ts';
import { readJson } from '../validate.ts';

const AVATAR_FILE = /^([A-Za-z0-9_-]{1,128})\.jpg$/;

/** The signed-in user's profile, settings, avatar and saved signatures; avatars themselves are public addresses. */
export function profileRoutes(container: Container) {
  const app = new Hono<AppEnv>();

  app.get('/profile', requireAccount, async (c) => {
    const browserTimeZone = c.req.query('time_zone')?.slice(0, 64);
    return c.json(await getProfile(container, c.get('user')!, browserTimeZone));
  });

  app.patch('/profile', requireAccount, async (c) => {
    const update = await readJson(c, profileUpdateSchema);
    return c.json(await patchProfile(container, c.get('user')!, update));
  });

  app.put('/profile/avatar', requireAccount, async (c) => {
    // A picture is small: it is read into memory, never spooled.
    const { bytes } = await readOneFile(c.req.raw, { maxFileBytes: AVATAR_MAX_BYTES });
    return c.json(await saveAvatar(container, accountId(c), bytes));
  });

  app.get('/profile/signatures', requireAccount, async (c) => c.json(await listSignatures(container, accountId(c))));

  app.put('/profile/signatures/:kind', requireAccount, async (c) => {
    const kind = c.req.param('kind');
    if (!isSignatureKind(kind)) throw new AppError('NOT_FOUND');
    const { bytes } = await readOneFile(c.req.raw, { maxFileBytes: SIGNATURE_MAX_BYTES });
    return c.json(await saveSignature(container, accountId(c), kind, bytes));
  });

  app.get('/profile/signatures/:kind/image', requireAccount, async (c) => {
    const kind = c.req.param('kind');
    const stream = isSignatureKind(kind) ? await readSignature(container, accountId(c), kind) : undefined;
    if (!stream) throw new AppError('NOT_FOUND');
    // A signature is as private as a password: never kept by a shared cache or the browser's.
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'image/png');
    return c.body(Readable.toWeb(stream) as ReadableStream);
  });

  app.delete('/profile/signatures/:kind', requireAccount, async (c) => {
    const kind = c.req.param('kind');
    if (!isSignatureKind(kind)) throw new AppError('NOT_FOUND');
    await deleteSignature(container, accountId(c), kind);
    return c.body(null, 204);
  });

  app.get('/avatars/:file', async (c) => {
    const userId = AVATAR_FILE.exec(c.req.param('file'))?.[1];
    const stream = userId ? await readAvatar(container, userId) : undefined;
    if (!stream) throw new AppError('NOT_FOUND');
    // The address carries ?v=<timestamp> that changes with every new picture, so a versioned copy never goes stale.
    c.header('Cache-Control', c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('Content-Type', 'image/jpeg');
    return c.body(Readable.toWeb(stream) as ReadableStream);
  });

  return app;
}
