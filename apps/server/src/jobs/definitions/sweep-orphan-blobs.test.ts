import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../adapters/blob-store/blob-store.ts';
import { createEncryptedBlobStore } from '../../adapters/blob-store/encrypted.ts';
import { createKeyRing } from '../../adapters/blob-store/key-ring.ts';
import { createLocalBlobDriver } from '../../adapters/blob-store/local.ts';
import { upsertSavedSignature } from '../../repositories/signatures.ts';
import { avatarKey } from '../../services/avatar.ts';
import { setAvatarUrl } from '../../services/profile.ts';
import { signatureKey } from '../../services/signatures.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';
import { ORPHAN_SAFE_AGE_MS, sweepOrphanBlobs } from '../../services/orphan-blobs.ts';

let ctx: TestContext;
let alice: TestUser & { client: TestClient };
const blobDir = mkdtempSync(join(tmpdir(), 'wattle-orphans-'));
const logged: Array<Record<string, unknown>> = [];

/** The server is killed once the next document's bytes are written, before their row: the write never returns. */
let killAfterNextPut = false;
let bytesWritten: () => void = () => {};

beforeAll(async () => {
  const store = createEncryptedBlobStore(createLocalBlobDriver(blobDir), createKeyRing('the orphan sweep test secret, 32+ chars'));
  const killable: BlobStore = {
    ...store,
    async put(key, body) {
      const written = await store.put(key, body);
      if (!killAfterNextPut || !key.startsWith('pdfs/')) return written;
      killAfterNextPut = false;
      bytesWritten();
      return new Promise<never>(() => {});
    },
  };
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  ctx = await createTestContext({}, { blobStore: killable, logger });
  const signedIn = await signedInUser(ctx);
  alice = { ...signedIn.user, client: signedIn.client };
});
afterAll(async () => {
  await ctx?.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const documentBlobs = () => readdirSync(join(blobDir, 'pdfs', alice.id));
const later = (ms: number) => ({ now: () => new Date(Date.now() + ms) });

describe('sweepOrphanBlobs', () => {
  it('removes the bytes of a version save the server was killed in, once they are old enough, and nothing anyone owns', async () => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await makePdf({ pages: 2 }))], { type: 'application/pdf' }), 'lease.pdf');
    const uploaded = await alice.client.request('/api/documents', { method: 'POST', body });
    expect(uploaded.status).toBe(201);
    const document = (await uploaded.json()) as { id: string };

    // Owned by rows that are not documents: a profile picture and a saved signature.
    const { blobStore, db } = ctx.container;
    await blobStore.put(avatarKey(alice.id), Buffer.from('a JPEG'));
    await setAvatarUrl(ctx.container, alice.id, `/api/avatars/${alice.id}.jpg`);
    await blobStore.put(signatureKey(alice.id, 'signature'), Buffer.from('a PNG'));
    await upsertSavedSignature(db, alice.id, 'signature', new Date());
    // A signature whose row never came: a save killed in the same way.
    await blobStore.put(signatureKey(alice.id, 'initials'), Buffer.from('a PNG, never recorded'));

    const killed = new Promise<void>((resolve) => (bytesWritten = resolve));
    killAfterNextPut = true;
    void alice.client.request(`/api/documents/${document.id}/versions/1/restore`, { method: 'POST' });
    await killed;
    expect(documentBlobs()).toHaveLength(2);

    // Young bytes may belong to a save still in flight: kept.
    expect(await sweepOrphanBlobs(ctx.container)).toBe(0);
    ctx.container.clock = later(ORPHAN_SAFE_AGE_MS - 60_000);
    expect(await sweepOrphanBlobs(ctx.container)).toBe(0);

    ctx.container.clock = later(ORPHAN_SAFE_AGE_MS + 60_000);
    expect(await sweepOrphanBlobs(ctx.container)).toBe(2);
    expect(documentBlobs()).toHaveLength(1);
    expect(await blobStore.stat(signatureKey(alice.id, 'initials'))).toBeUndefined();
    expect(logged.filter((line) => line.msg === 'orphan blobs removed').map((line) => line.removed)).toEqual([0, 0, 2]);

    // Everything owned is still there and reads.
    expect(await blobStore.stat(avatarKey(alice.id))).toBeDefined();
    expect(await blobStore.stat(signatureKey(alice.id, 'signature'))).toBeDefined();
    const download = await alice.client.request(`/api/documents/${document.id}/download`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await sweepOrphanBlobs(ctx.container)).toBe(0);
  });
});
