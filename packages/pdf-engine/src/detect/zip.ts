import yauzl from 'yauzl';
import { EngineError } from '../errors.ts';

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip!))),
  );
}

/** Walks the central directory (no decompression); `visit` may read an entry's bytes. */
async function walkZip(path: string, maxEntries: number, visit: (zip: yauzl.ZipFile, entry: yauzl.Entry) => Promise<void>): Promise<void> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > maxEntries) {
      throw new EngineError('LIMIT_EXCEEDED', 'The document has too many parts.', { limit: 'maxZipEntries', entries: zip.entryCount });
    }
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        visit(zip, entry).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

export async function listZip(path: string, maxEntries: number): Promise<ZipEntryInfo[]> {
  const entries: ZipEntryInfo[] = [];
  await walkZip(path, maxEntries, async (_zip, e) => {
    entries.push({ name: e.fileName, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize });
  });
  return entries;
}

/** Inflates one entry, stopping at maxBytes; calls onChunk with each piece. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number, onChunk: (chunk: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      let total = 0;
      stream!.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          stream!.destroy();
          return reject(new EngineError('LIMIT_EXCEEDED', 'The document unpacks to more data than allowed.', { limit: 'maxUnpackedBytes' }));
        }
        onChunk(chunk);
      });
      stream!.on('error', reject);
      stream!.on('end', () => resolve(total));
    });
  });
}

/** Reads one small entry's text (e.g. ODF `mimetype`), or undefined when it is absent. */
export async function readZipText(path: string, name: string, maxBytes: number, maxEntries: number): Promise<string | undefined> {
  let text: string | undefined;
  await walkZip(path, maxEntries, async (zip, entry) => {
    if (entry.fileName !== name) return;
    const chunks: Buffer[] = [];
    await readEntry(zip, entry, maxBytes, (c) => chunks.push(c));
    text = Buffer.concat(chunks).toString('utf8');
  });
  return text;
}

/**
 * Zip-bomb check before an Office file reaches LibreOffice: declared sizes first (cheap), then a
 * real inflate of every entry counting bytes, since declared sizes can lie.
 */
export async function checkZipBudget(path: string, limits: { maxUnpackedBytes: number; maxZipEntries: number }): Promise<number> {
  const declared = (await listZip(path, limits.maxZipEntries)).reduce((sum, e) => sum + e.uncompressedSize, 0);
  const tooBig = () =>
    new EngineError('LIMIT_EXCEEDED', 'The document unpacks to more data than allowed.', { limit: 'maxUnpackedBytes' });
  if (declared > limits.maxUnpackedBytes) throw tooBig();
  let total = 0;
  await walkZip(path, limits.maxZipEntries, async (zip, entry) => {
    if (entry.fileName.endsWith('/')) return;
    total += await readEntry(zip, entry, limits.maxUnpackedBytes - total, () => {});
  });
  return total;
}

/** Every file of a zip in memory, keyed by its path inside; at most `maxBytes` unpacked in all (sizes counted as inflated). */
export async function readZipFiles(path: string, limits: { maxBytes: number; maxEntries: number }): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let total = 0;
  await walkZip(path, limits.maxEntries, async (zip, entry) => {
    if (entry.fileName.endsWith('/')) return;
    const chunks: Buffer[] = [];
    total += await readEntry(zip, entry, limits.maxBytes - total, (c) => chunks.push(c));
    files.set(entry.fileName, Buffer.concat(chunks));
  });
  return files;
}
