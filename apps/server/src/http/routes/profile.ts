import { Readable } from 'node:stream';
import busboy from 'busboy';
import { Hono, type Context } from 'hono';
import { AppError, profileUpdateSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { AVATAR_MAX_BYTES, readAvatar, saveAvatar } from '../../services/avatar.ts';
import { getProfile, patchProfile } from '../../services/profile.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv } from '../types.ts';
import { readJson } from '../validate.ts';

/** Room for the multipart envelope around a largest allowed picture. */
const MULTIPART_OVERHEAD = 16 * 1024;
const AVATAR_FILE = /^([A-Za-z0-9_-]{1,128})\.jpg$/;

/** The signed-in user's profile, settings and avatar; avatars themselves are public addresses. */
export function profileRoutes(container: Container) {
  const app = new Hono<AppEnv>();

  app.get('/profile', requireUser, async (c) => {
    const browserTimeZone = c.req.query('time_zone')?.slice(0, 64);
    return c.json(await getProfile(container, c.get('user')!, browserTimeZone));
  });

  app.patch('/profile', requireUser, async (c) => {
    const update = await readJson(c, profileUpdateSchema);
    return c.json(await patchProfile(container, c.get('user')!, update));
  });

  app.put('/profile/avatar', requireUser, async (c) => {
    const bytes = await readFilePart(c, AVATAR_MAX_BYTES);
    return c.json(await saveAvatar(container, c.get('user')!.id, bytes));
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

/** Reads the one `file` part of a multipart body into memory, refusing more than maxBytes as it streams. */
function readFilePart(c: Context<AppEnv>, maxBytes: number): Promise<Buffer> {
  const contentType = c.req.header('content-type') ?? '';
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD) return Promise.reject(new AppError('FILE_TOO_LARGE'));
  const body = c.req.raw.body;
  if (!contentType.startsWith('multipart/form-data') || !body) {
    return Promise.reject(new AppError('BAD_REQUEST', undefined, 'Send the picture as multipart/form-data in a field named file.'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 0, fileSize: maxBytes } });
    } catch {
      return reject(new AppError('BAD_REQUEST'));
    }
    const source = Readable.fromWeb(body as never);
    let file: Buffer | undefined;
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    parser.on('file', (name, stream) => {
      if (name !== 'file') return stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new AppError('FILE_TOO_LARGE')));
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => fail(new AppError('BAD_REQUEST')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (file) resolve(file);
      else reject(new AppError('BAD_REQUEST', undefined, 'Send the picture in a field named file.'));
    });
    source.on('error', () => fail(new AppError('BAD_REQUEST')));
    source.pipe(parser);
  });
}
