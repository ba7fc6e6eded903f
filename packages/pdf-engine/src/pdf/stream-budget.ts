import { inflateSync } from 'node:zlib';
import { EngineError } from '../errors.ts';
import type { EngineLimits } from '../limits.ts';
import { decode, filterName, type Chunks, type Filter } from './filters.ts';

/** Decoded bytes left for one job, shared by all its inputs. */
export interface DecodeBudget {
  remaining: number;
}

const DICT_WINDOW = 4096;

/** What the walk saw in the file's readable bytes (all but filtered stream data), so nothing scans the file again. */
export interface StreamWalk {
  /** An /Encrypt key (see mentionsEncryption). */
  encrypted: boolean;
  /** Where the first `pdfaid:` is (PDF/A's XMP is unfiltered), or -1. */
  pdfaid: number;
}

/**
 * Walks a PDF's raw bytes stream by stream before any engine sees it: decodes each stream through
 * its general filters (Flate, LZW, ASCII85, ASCIIHex, RunLength, in any chain) counting bytes and
 * discarding them, and reads image dimensions from the dictionary, so a 1 GiB stream of zeros or a
 * 100k x 100k image is refused up front in bounded memory. Lexical on purpose: it must also work
 * on damaged files no parser accepts.
 */
export async function checkPdfStreams(bytes: Buffer, limits: EngineLimits, budget: DecodeBudget): Promise<StreamWalk> {
  const walk: StreamWalk = { encrypted: false, pdfaid: -1 };
  // Filtered data holds no readable text; every other byte is searched once, in file order.
  let readFrom = 0;
  const read = (to: number) => {
    const text = bytes.subarray(readFrom, to);
    walk.encrypted ||= text.includes('/Encrypt', 0, 'latin1');
    if (walk.pdfaid < 0) {
      const found = text.indexOf('pdfaid:', 0, 'latin1');
      if (found >= 0) walk.pdfaid = readFrom + found;
    }
  };
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf('stream', at, 'latin1');
    if (keyword < 0) {
      read(bytes.length);
      return walk;
    }
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
    // Without an endstream the rest may be a trailer, so it is read whatever the filter.
    if (/\/Filter\b/.test(dict) && endKeyword >= 0) {
      read(dataStart);
      readFrom = dataEnd;
    }
    checkImagePixels(dict, limits);
    const chains = filterChains(dict);
    if (chains.length === 0) continue;
    const limit = Math.min(limits.maxStreamBytes, budget.remaining);
    let decoded = 0;
    for (const chain of chains) decoded = Math.max(decoded, await decodedSize(bytes.subarray(dataStart, dataEnd), chain, limit));
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

/**
 * The decodable start of each /Filter list in the dictionary. Every /Filter found counts, not just
 * the first: a lexical read cannot tell a nested decoy dictionary from the stream's own entry.
 */
export function filterChains(dict: string): Filter[][] {
  const earlyChange = /\/EarlyChange\s+0\b/.test(dict) ? 0 : 1;
  const chains = new Map<string, Filter[]>();
  for (const match of dict.matchAll(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/g)) {
    const chain: Filter[] = [];
    for (const [, name] of match[1]!.matchAll(/\/([A-Za-z0-9]+)/g)) {
      const known = filterName(name!);
      if (!known) break; // image codecs come last; the pixel budget covers them
      chain.push(known === 'LZWDecode' ? { name: known, earlyChange } : { name: known });
    }
    if (chain.length > 0) chains.set(chain.map((f) => f.name).join(' '), chain);
  }
  return [...chains.values()];
}

/** A lone Flate stream decoding to at most this is inflated in one native call: most streams, 30x faster than the staged decode. */
const ONE_CALL_BYTES = 16 * 1024 * 1024;

/** Bytes out of the largest stage of the chain, stopping just past `limit`; damaged data counts as far as it decodes. */
export async function decodedSize(data: Uint8Array, chain: readonly Filter[], limit: number): Promise<number> {
  if (chain.length === 1 && chain[0]!.name === 'FlateDecode') {
    try {
      return inflateSync(data, { maxOutputLength: Math.min(limit + 1, ONE_CALL_BYTES) }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' && limit < ONE_CALL_BYTES) return limit + 1;
      // Larger, or damaged: the staged decode counts it in bounded memory, as far as it decodes.
    }
  }
  let largest = 0;
  let stage: Chunks = (async function* () {
    yield data;
  })();
  for (const filter of chain) {
    stage = counted(decode(stage, filter), limit, (n) => (largest = Math.max(largest, n)));
  }
  for await (const _ of stage) if (largest > limit) break;
  return largest;
}

async function* counted(stage: Chunks, limit: number, report: (total: number) => void): Chunks {
  let total = 0;
  for await (const chunk of stage) {
    total += chunk.length;
    report(total);
    yield chunk;
    if (total > limit) return;
  }
}
