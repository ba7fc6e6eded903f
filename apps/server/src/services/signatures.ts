import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError, SIGNATURE_KINDS, type SavedSignatures, type SignatureKind } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { BlobNotFoundError } from '../adapters/blob-store/blob-store.ts';
import { deleteSavedSignature, findSavedSignatures, upsertSavedSignature } from '../repositories/signatures.ts';

export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** A signature drawn on a phone or a scanned one at print resolution fits well inside this. */
export const SIGNATURE_MAX_SIDE = 2000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const signatureKey = (userId: string, kind: SignatureKind) => `signatures/${userId}/${kind}.png`;

export const isSignatureKind = (kind: string): kind is SignatureKind => (SIGNATURE_KINDS as readonly string[]).includes(kind);

/**
 * Stored like the avatar: checked as a PNG from its header (dimensions before any decoding), re-encoded
 * by sharp into a clean PNG that keeps its transparency (nothing of the upload's other chunks survives),
 * and kept in the blob store under signatures/{userId}/{kind}.png, served to its owner only.
 */
export async function saveSignature(container: Pick<Ports, 'clock' | 'db' | 'blobStore'>, userId: string, kind: SignatureKind, bytes: Buffer): Promise<SavedSignatures> {
  if (bytes.length > SIGNATURE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { maxBytes: SIGNATURE_MAX_BYTES });
  const size = pngSize(bytes);
  if (!size) throw new AppError('UNSUPPORTED_FILE_TYPE', { accepts: ['png'] }, { message: 'The signature must be a PNG image.' });
  if (size.width > SIGNATURE_MAX_SIDE || size.height > SIGNATURE_MAX_SIDE) throw new AppError('IMAGE_TOO_LARGE');
  const png = await reencode(bytes);
  await container.blobStore.put(signatureKey(userId, kind), png);
  await upsertSavedSignature(container.db, userId, kind, container.clock.now());
  return listSignatures(container, userId);
}

/** Width and height from the PNG's IHDR chunk, which the format puts first; undefined when it is no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

async function reencode(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: SIGNATURE_MAX_SIDE * SIGNATURE_MAX_SIDE, failOn: 'error' }).png().toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_FILE_TYPE', { accepts: ['png'] }, { message: 'The signature could not be read.' });
  }
}

export async function listSignatures(container: Pick<Ports, 'db'>, userId: string): Promise<SavedSignatures> {
  const saved: SavedSignatures = { signature: null, initials: null };
  for (const row of await findSavedSignatures(container.db, userId)) {
    if (isSignatureKind(row.kind)) saved[row.kind] = { updated_at: row.updatedAt.toISOString() };
  }
  return saved;
}

/** The owner's saved mark; undefined when there is none. */
export async function readSignature(container: Pick<Ports, 'blobStore'>, userId: string, kind: SignatureKind): Promise<Readable | undefined> {
  try {
    return await container.blobStore.get(signatureKey(userId, kind));
  } catch (err) {
    if (err instanceof BlobNotFoundError) return undefined;
    throw err;
  }
}

export async function deleteSignature(container: Pick<Ports, 'db' | 'blobStore'>, userId: string, kind: SignatureKind): Promise<void> {
  await deleteSavedSignature(container.db, userId, kind);
  await container.blobStore.delete(signatureKey(userId, kind));
}
