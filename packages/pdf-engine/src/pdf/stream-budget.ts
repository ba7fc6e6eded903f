import { createInflate, type Inflate } from 'node:zlib';
import { EngineError } from '../errors.ts';
import type { EngineLimits } from '../limits.ts';

/** Decoded bytes left for one job, shared by all its inputs. */
export interface DecodeBudget {
  remaining: number;
}

const DICT_WINDOW = 4096;

/**
 * Walks a PDF's raw bytes stream by stream before any engine sees it: inflates each Flate stream
 * (chained filters too) counting bytes and discarding them, and reads image dimensions from the
 * dictionary, so a 1 GiB stream of zeros or a 100k x 100k image is refused up front in bounded
 * memory. Lexical on purpose: it must also work on damaged files no parser accepts.
 */
export async function checkPdfStreams(bytes: Buffer, limits: EngineLimits, budget: DecodeBudget): Promise<void> {
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf('stream', at, 'latin1');
    if (keyword < 0) return;
    at = keyword + 6;
    if (bytes.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let dataStart = at;
    if (bytes[dataStart] === 0x0d) dataStart++;
    if (bytes[dataStart] !== 0x0a && bytes[dataStart - 1] !== 0x0d) continue; // "stream" inside other text
    dataStart++;
    const endKeyword = bytes.indexOf('endstream', dataStart, 'latin1');
    const dataEnd = endKeyword < 0 ? bytes.length : endKeyword;
    at = dataEnd;

    const dict = dictionaryBefore(bytes, keyword);
    checkImagePixels(dict, limits);
    const flateStages = leadingFlateFilters(dict);
    if (flateStages === 0) continue;
    const limit = Math.min(limits.maxStreamBytes, budget.remaining);
    const decoded = await inflatedSize(bytes.subarray(dataStart, dataEnd), flateStages, limit);
    if (decoded > limit) {
      const which = limit === limits.maxStreamBytes ? 'maxStreamBytes' : 'maxDecodedBytes';
      throw new EngineError('LIMIT_EXCEEDED', 'The PDF contains more compressed data than can be processed.', { limit: which });
    }
    budget.remaining -= decoded;
  }
}

function dictionaryBefore(bytes: Buffer, keyword: number): string {
  const text = bytes.toString('latin1', Math.max(0, keyword - DICT_WINDOW), keyword);
  const header = text.lastIndexOf('obj');
  return header < 0 ? text : text.slice(header + 3);
}

function checkImagePixels(dict: string, limits: EngineLimits): void {
  if (!/\/Subtype\s*\/Image\b/.test(dict)) return;
  const width = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const height = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
  if (width * height > limits.maxPixels) {
    throw new EngineError('LIMIT_EXCEEDED', 'The PDF contains an image with too many pixels.', { limit: 'maxPixels', width, height });
  }
}

/** How many Flate filters the stream's filter list starts with (later filters are never bombs we decode). */
export function leadingFlateFilters(dict: string): number {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!match) return 0;
  const names = match[1]!.match(/\/[A-Za-z0-9]+/g) ?? [];
  let count = 0;
  for (const name of names) {
    if (name !== '/FlateDecode' && name !== '/Fl') break;
    count++;
  }
  return count;
}

/** Decoded size through `stages` inflaters, stopping just past `limit`; corrupt data counts as far as it decodes. */
export function inflatedSize(data: Buffer, stages: number, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflaters: Inflate[] = Array.from({ length: stages }, () => createInflate({ chunkSize: 1024 * 1024 }));
    const counts = new Array<number>(stages).fill(0);
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const inflater of inflaters) inflater.destroy();
      resolve(Math.max(...counts));
    };
    inflaters.forEach((inflater, i) => {
      inflater.on('data', (chunk: Buffer) => {
        counts[i]! += chunk.length;
        if (counts[i]! > limit) return finish();
        const next = inflaters[i + 1];
        // Backpressure, so a chained bomb never piles up between stages.
        if (next && !next.write(chunk)) {
          inflater.pause();
          next.once('drain', () => inflater.resume());
        }
      });
      inflater.on('error', finish);
      inflater.on('end', () => (i + 1 < stages ? inflaters[i + 1]!.end() : finish()));
    });
    inflaters[0]!.end(data);
  });
}
