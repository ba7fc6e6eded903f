import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { AppError, profileUpdateSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { AVATAR_MAX_BYTES, readAvatar, saveAvatar } from '../../services/avatar.ts';
import { getProfile, patchProfile } from '../../services/profile.ts';
import { accountId, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readOneFile } from '../upload/multipart.ts';
import { readJson } from '../validate.ts';

const AVATAR_FILE = /^([A-Za-z0-9_-]{1,128})\.jpg$/;

/** The signed-in user's profile, settings and avatar; avatars themselves are public addresses. */
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
