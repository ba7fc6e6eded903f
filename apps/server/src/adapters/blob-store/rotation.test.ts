import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createEncryptedBlobStore } from './encrypted.ts';
import { createKeyRing } from './key-ring.ts';
import { createLocalBlobDriver } from './local.ts';
import { rotateBlobKeys } from './rotation.ts';

const OLD = 'the former master key, thirty-two characters long';
const NEW = 'the new master key, also thirty-two characters long';

describe('rotateBlobKeys', () => {
  const root = mkdtempSync(join(tmpdir(), 'wattle-rotation-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("re-wraps every blob under the new key and seals plaintext ones, so the former key can go; a job's own files stay as they are", async () => {
    const driver = createLocalBlobDriver(root);
    const before = createEncryptedBlobStore(driver, createKeyRing(OLD));
    for (let n = 0; n < 20; n++) await before.put(`pdfs/u1/doc-${n}`, Buffer.from(`%PDF-1.7 document ${n}`));
    await driver.put('avatars/u1.jpg', Readable.from([Buffer.from('a JPEG from an older ./data')]));
    await before.put('jobs/j1/input-0', Buffer.from('%PDF-1.7 an upload, deleted within the day'));

    const rotating = createEncryptedBlobStore(driver, createKeyRing(NEW, [OLD]));
    expect(await rotateBlobKeys(rotating)).toEqual({ current: 0, rewrapped: 20, encrypted: 1, transient: 1, gone: 0 });
    expect(await rotateBlobKeys(rotating)).toEqual({ current: 21, rewrapped: 0, encrypted: 0, transient: 1, gone: 0 });

    const after = createEncryptedBlobStore(driver, createKeyRing(NEW));
    for (let n = 0; n < 20; n++) expect((await buffer(await after.get(`pdfs/u1/doc-${n}`))).toString()).toBe(`%PDF-1.7 document ${n}`);
    expect((await buffer(await after.get('avatars/u1.jpg'))).toString()).toBe('a JPEG from an older ./data');
    expect((await buffer(await driver.get('avatars/u1.jpg'))).includes(Buffer.from('JPEG'))).toBe(false);
  });
});
