import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFTEX_MANUALS } from '@wattle/pdf-engine/test/born-digital';
import {
  brokenFontPdf,
  deepNestingPdf,
  flateBombPdf,
  giantImagePdf,
  hugeCountPdf,
  objectStreamLoopPdf,
  pageTreeLoopPdf,
  textPdf,
  truncated,
  withoutXref,
} from '@wattle/pdf-engine/test/fixtures';
import { buildProducerCorpus } from '@wattle/pdf-engine/test/producers';

/**
 * What the fuzz run sends: real producers' files, mutated by a seeded generator (the same seed sends
 * the same bytes, so a 5xx it finds can be sent again), and the hostile files of the engine fixtures.
 */

/** mulberry32: small, fast and the same on every machine. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]!, chance: (p: number) => next() < p };
}

export type Random = ReturnType<typeof seeded>;

export interface FuzzFile {
  /** How the bytes were made, to name a case that went wrong. */
  label: string;
  bytes: Buffer;
}

/**
 * The producers that make a file in a second or two (LibreOffice and Chromium take longer: the bench
 * adds them), plus the pdfTeX manuals the machine has.
 */
const QUICK_PRODUCERS = ['pdftex', 'reportlab-standard', 'reportlab-truetype', 'pdfkit', 'pymupdf'];

export async function realPdfs(dir: string, options: { everyProducer?: boolean } = {}): Promise<FuzzFile[]> {
  const corpus = await buildProducerCorpus(join(dir, 'producers'), options.everyProducer ? {} : { only: QUICK_PRODUCERS });
  const files = await Promise.all(corpus.files.map(async (f) => ({ label: f.producer, bytes: await readFile(f.path) })));
  const manuals = await Promise.all(PDFTEX_MANUALS.slice(0, 1).map(async (path) => ({ label: 'pdftex-manual', bytes: await readFile(path) })));
  return [...files, ...manuals, { label: 'pdf-lib', bytes: await textPdf(2) }];
}

/** The hostile files, made once: bombs, floods, loops and broken tables. */
export async function hostilePdfs(): Promise<FuzzFile[]> {
  return [
    { label: 'flate bomb (1 GiB)', bytes: await flateBombPdf(1) },
    { label: 'image bomb (100000x100000)', bytes: giantImagePdf(100_000, 100_000) },
    { label: 'huge /Count', bytes: hugeCountPdf() },
    { label: 'page tree loop', bytes: pageTreeLoopPdf() },
    { label: 'deep nesting', bytes: deepNestingPdf() },
    { label: 'object stream loop', bytes: objectStreamLoopPdf() },
    { label: 'broken font tables', bytes: brokenFontPdf() },
  ];
}

type Mutation = (pdf: Buffer, random: Random) => Buffer;

const MUTATIONS: Record<string, Mutation> = {
  'byte flips': (pdf, random) => {
    const out = Buffer.from(pdf);
    for (let i = 1 + random.int(32); i > 0; i--) {
      const at = random.int(out.length);
      out[at] = out[at]! ^ (1 << random.int(8));
    }
    return out;
  },
  truncation: (pdf, random) => truncated(pdf, random.next()),
  'xref damage': (pdf, random) => {
    const text = pdf.toString('latin1');
    const xref = Math.max(text.lastIndexOf('xref'), 0);
    const out = Buffer.from(pdf);
    // Digits of the table (or the cross-reference stream) and the startxref pointer become other digits.
    for (let i = 1 + random.int(16); i > 0; i--) {
      const at = xref + random.int(out.length - xref);
      if (out[at]! >= 0x30 && out[at]! <= 0x39) out[at] = 0x30 + random.int(10);
    }
    return random.chance(0.3) ? withoutXrefOrSelf(out) : out;
  },
  'huge /Count': (pdf, random) => Buffer.from(pdf.toString('latin1').replace(/\/Count \d+/g, `/Count ${random.pick(['2147483647', '99999999999999999999', '-1', '0'])}`), 'latin1'),
  'cut in an object': (pdf, random) => {
    const at = random.int(pdf.length);
    return Buffer.concat([pdf.subarray(0, at), Buffer.from(random.pick(['<<', '[', '(', 'stream\n', ' 0 R', 'endobj'])), pdf.subarray(at + random.int(64))]);
  },
};

function withoutXrefOrSelf(pdf: Buffer): Buffer {
  try {
    return withoutXref(pdf);
  } catch {
    return pdf; // a cross-reference stream: the digits above were the damage
  }
}

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** One mutated real file; sometimes a hostile file as it is. */
export function fuzzPdf(random: Random, real: readonly FuzzFile[], hostile: readonly FuzzFile[]): FuzzFile {
  if (random.chance(0.15)) return random.pick(hostile);
  const source = random.pick(real);
  const mutation = random.pick(MUTATION_NAMES);
  return { label: `${source.label}, ${mutation}`, bytes: MUTATIONS[mutation]!(source.bytes, random) };
}

/** A JSON value of random shape: wrong types, huge numbers, long strings, deep nesting. */
export function fuzzJson(random: Random, depth = 0): unknown {
  const kinds = depth > 3 ? 5 : 8;
  switch (random.int(kinds)) {
    case 0:
      return random.pick([0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, 1]);
    case 1:
      return random.pick(['', 'a'.repeat(100_000), '\u0000', '../../etc/passwd', '%PDF-1.7', '\ud800', '<script>', '1-999999999']);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return Array.from({ length: random.int(4) }, () => fuzzJson(random, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: 1 + random.int(4) }, () => [random.pick(['type', 'page', 'x', 'y', 'text', 'pages', 'angle', 'file', 'after', 'ranges', 'email', 'password', '__proto__', 'constructor']), fuzzJson(random, depth + 1)]));
  }
}

/** A body that is not JSON, or JSON no schema takes. */
export function fuzzJsonText(random: Random): string {
  return random.pick([
    () => '{',
    () => '{"email": ',
    () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    () => `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}`,
    () => '\u0000\u0001\u0002',
    () => '{"email": "\ud800"}',
    () => 'null',
    () => '"just a string"',
    () => JSON.stringify(fuzzJson(random)),
  ])();
}
