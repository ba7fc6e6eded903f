import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { BlobNotFoundError } from '../adapters/blob-store/blob-store.ts';
import { isJpeg, readJpegHeader } from './jpeg-header.ts';
import { setAvatarUrl } from './profile.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** 25 megapixels (5000 x 5000): far above any photo a 2 MB JPEG holds, far below a pixel flood. */
export const AVATAR_MAX_PIXELS = 25_000_000;
/** Spec section 9: the stored avatar is 400 by 400, JPEG quality 0.85. */
export const AVATAR_SIZE = 400;
const AVATAR_QUALITY = 85;

export const avatarKey = (userId: string) => `avatars/${userId}.jpg`;

/**
 * Checks the upload as a JPEG from its bytes (magic and frame header, before any decoding), re-encodes
 * it to a clean 400x400 JPEG, stores it as avatars/{userId}.jpg and points avatar_url at it.
 */
export async function saveAvatar(container: Pick<Ports, 'clock' | 'db' | 'blobStore'>, userId: string, bytes: Buffer): Promise<{ avatar_url: string }> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
  if (!isJpeg(bytes)) throw new AppError('UNSUPPORTED_FILE_TYPE', undefined, { message: 'The profile picture must be a JPEG image.' });
  const header = readJpegHeader(bytes);
  if (!header) throw new AppError('UNSUPPORTED_FILE_TYPE', undefined, { message: 'The profile picture could not be read.' });
  if (header.width * header.height > AVATAR_MAX_PIXELS) throw new AppError('IMAGE_TOO_LARGE');

  const output = await reencode(bytes);
  await container.blobStore.put(avatarKey(userId), output);
  const avatarUrl = `/api/avatars/${userId}.jpg?v=${container.clock.now().getTime()}`;
  await setAvatarUrl(container, userId, avatarUrl);
  return { avatar_url: avatarUrl };
}

async function reencode(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .jpeg({ quality: AVATAR_QUALITY })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_FILE_TYPE', undefined, { message: 'The profile picture could not be read.' });
  }
}

/** The stored avatar; answers undefined when the user has none. */
export async function readAvatar(container: Pick<Ports, 'blobStore'>, userId: string): Promise<Readable | undefined> {
  try {
    return await container.blobStore.get(avatarKey(userId));
  } catch (err) {
    if (err instanceof BlobNotFoundError) return undefined;
    throw err;
  }
}
