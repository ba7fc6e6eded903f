/**
 * A CMYK ICC profile (version 2.1, output class) for PDF/A output intents and DefaultCMYK, made here
 * because no CMYK profile on Debian may be bundled: Ghostscript's are AGPL, icc-profiles-free and
 * colord ship none. It describes the conversion readers without colour management already apply
 * (R = (1 - C)(1 - K) in sRGB, and so on), so a page looks as it did before it was declared; it is
 * no press characterisation (decision 134). Made once per process, about 80 KB.
 */

const D50 = [0.9642, 1, 0.8249] as const;
/** sRGB's colorants adapted to D50, as sRGB ICC profiles hold them. */
const SRGB_TO_XYZ = [
  [0.4360747, 0.3850649, 0.1430804],
  [0.2225045, 0.7168786, 0.0606169],
  [0.0139322, 0.0971045, 0.7141733],
] as const;
const XYZ_TO_SRGB = [
  [3.1338561, -1.6168667, -0.4906146],
  [-0.9787684, 1.9161415, 0.033454],
  [0.0719453, -0.2289914, 1.4052427],
] as const;

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const linear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const encoded = (v: number) => clamp(v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);
const times = (m: readonly (readonly number[])[], v: readonly number[]) => m.map((row) => row.reduce((sum, k, i) => sum + k * v[i]!, 0));

const labF = (t: number) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29);
const labFInverse = (t: number) => (t > 6 / 29 ? t ** 3 : 3 * (6 / 29) ** 2 * (t - 4 / 29));

function cmykToLab([c, m, y, k]: number[]): number[] {
  const rgb = [c!, m!, y!].map((v) => linear((1 - v) * (1 - k!)));
  const [fx, fy, fz] = times(SRGB_TO_XYZ, rgb).map((v, i) => labF(v / D50[i]!));
  return [116 * fy! - 16, 500 * (fx! - fy!), 200 * (fy! - fz!)];
}

function labToCmyk([l, a, b]: number[]): number[] {
  const fy = (l! + 16) / 116;
  const xyz = [fy + a! / 500, fy, fy - b! / 200].map((f, i) => labFInverse(f) * D50[i]!);
  const [r, g, bl] = times(XYZ_TO_SRGB, xyz).map(encoded);
  const k = 1 - Math.max(r!, g!, bl!);
  if (k > 0.995) return [0, 0, 0, 1]; // near black the division below would amplify rounding
  return [r!, g!, bl!].map((v) => clamp((1 - v - k) / (1 - k))).concat(k);
}

/** ICC v2's 16-bit Lab: L 0..100 as 0..0xFF00, a and b -128..128 as 0..0xFFFF around 0x8000. */
const labToPcs = ([l, a, b]: number[]) => [Math.round((clamp(l! / 100) * 0xff00)), ...[a!, b!].map((v) => Math.round(Math.min(0xffff, Math.max(0, (v + 128) * 256))))];
const pcsToLab = ([l, a, b]: number[]) => [(l! / 0xff00) * 100, a! / 256 - 128, b! / 256 - 128];

/** A lut16Type ('mft2') with identity curves: the grid samples `fn` over the input's 0..65535 range. */
function lut16(inputs: number, outputs: number, points: number, fn: (input: number[]) => number[]): Buffer {
  const grid: number[] = [];
  const total = points ** inputs;
  for (let index = 0; index < total; index++) {
    const input: number[] = [];
    for (let d = inputs - 1, rest = index; d >= 0; d--) {
      input[d] = ((rest % points) / (points - 1)) * 0xffff;
      rest = Math.floor(rest / points);
    }
    grid.push(...fn(input).map((v) => Math.round(Math.min(0xffff, Math.max(0, v)))));
  }
  const header = Buffer.alloc(52);
  header.write('mft2', 0, 'latin1');
  header.writeUInt8(inputs, 8);
  header.writeUInt8(outputs, 9);
  header.writeUInt8(points, 10);
  [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x10000].forEach((v, i) => header.writeInt32BE(v, 12 + i * 4));
  header.writeUInt16BE(2, 48);
  header.writeUInt16BE(2, 50);
  const curves = (n: number) => Buffer.from(new Uint16Array(Array.from({ length: n }, () => [0, 0xffff]).flat()).buffer).swap16();
  const clut = Buffer.from(new Uint16Array(grid).buffer).swap16();
  return Buffer.concat([header, curves(inputs), clut, curves(outputs)]);
}

function textTag(text: string): Buffer {
  const tag = Buffer.alloc(8 + text.length + 1);
  tag.write('text', 0, 'latin1');
  tag.write(text, 8, 'latin1');
  return tag;
}

function descriptionTag(text: string): Buffer {
  const tag = Buffer.alloc(12 + text.length + 1 + 8 + 3 + 67);
  tag.write('desc', 0, 'latin1');
  tag.writeUInt32BE(text.length + 1, 8);
  tag.write(text, 12, 'latin1');
  return tag;
}

function xyzTag(xyz: readonly number[]): Buffer {
  const tag = Buffer.alloc(20);
  tag.write('XYZ ', 0, 'latin1');
  xyz.forEach((v, i) => tag.writeInt32BE(Math.round(v * 0x10000), 8 + i * 4));
  return tag;
}

export const CMYK_PROFILE_NAME = 'Wattle uncalibrated CMYK';

function makeProfile(): Buffer {
  const tags: [string, Buffer][] = [
    ['desc', descriptionTag(CMYK_PROFILE_NAME)],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['A2B0', lut16(4, 3, 9, (cmyk) => labToPcs(cmykToLab(cmyk.map((v) => v / 0xffff))))],
    ['B2A0', lut16(3, 4, 17, (pcs) => labToCmyk(pcsToLab(pcs)).map((v) => v * 0xffff))],
    // Every colour is reproducible in a model with no gamut limit.
    ['gamt', lut16(3, 1, 2, () => [0])],
  ];
  const table = 4 + tags.length * 12;
  const offsets: number[] = [];
  let at = 128 + table;
  for (const [, data] of tags) {
    offsets.push(at);
    at += Math.ceil(data.length / 4) * 4;
  }
  const header = Buffer.alloc(128 + table);
  header.writeUInt32BE(at, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('prtrCMYKLab ', 12, 'latin1');
  [2026, 1, 1, 0, 0, 0].forEach((v, i) => header.writeUInt16BE(v, 24 + i * 2));
  header.write('acsp', 36, 'latin1');
  D50.forEach((v, i) => header.writeInt32BE(Math.round(v * 0x10000), 68 + i * 4));
  header.writeUInt32BE(tags.length, 128);
  tags.forEach(([signature, data], i) => {
    header.write(signature, 132 + i * 12, 'latin1');
    header.writeUInt32BE(offsets[i]!, 136 + i * 12);
    header.writeUInt32BE(data.length, 140 + i * 12);
  });
  return Buffer.concat([header, ...tags.map(([, data]) => Buffer.concat([data, Buffer.alloc(Math.ceil(data.length / 4) * 4 - data.length)]))]);
}

let profile: Buffer | undefined;
export const cmykProfile = (): Buffer => (profile ??= makeProfile());
