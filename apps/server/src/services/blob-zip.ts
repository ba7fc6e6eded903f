import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { safeFilename } from '@wattle/shared';
import type { Ports } from '../ports.ts';

/** Already compressed: storing them again in the ZIP would only cost CPU. */
const STORED_TYPES = new Set(['image/jpeg', 'image/png', 'application/zip']);

export interface ZipEntry {
  filename: string;
  blobKey: string;
  contentType: string;
  mtime: Date;
}

/**
 * A streamed ZIP of stored files (a batch's outputs, documents chosen in My Documents). Entries are read
 * one at a time from the blob store; names follow the filename policy and are unique.
 */
export function zipOfBlobs(container: Pick<Ports, 'blobStore'>, entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  const names = zipEntryNames(entries.map((e) => e.filename));
  for (const [i, entry] of entries.entries()) {
    zip.addReadStreamLazy(names[i]!, { compress: !STORED_TYPES.has(entry.contentType), mtime: entry.mtime }, (done) => {
      container.blobStore.get(entry.blobKey).then((stream) => done(null, stream), (err: Error) => done(err, undefined as never));
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** Entry names under the filename policy, made unique with " (2)". */
export function zipEntryNames(filenames: string[]): string[] {
  const used = new Set<string>();
  return filenames.map((raw) => {
    const clean = safeFilename(raw, 'file');
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}
