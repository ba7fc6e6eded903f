import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

/**
 * The Noto fonts text is drawn with (decision 071): one family per script, each file shipped by an npm
 * package, read once per process and embedded as a subset once per document.
 */

export type FontScript = 'latin' | 'arabic' | 'gurmukhi' | 'simplified-han' | 'traditional-han';

export interface FontStyle {
  bold?: boolean;
  italic?: boolean;
}

interface FontFile {
  pkg: string;
  family: string;
  /** Only Noto Sans has italics; the others are slanted when drawn (see script-text.ts). */
  italics: boolean;
  /** OpenType features turned off: fontkit 2 fails on Noto Sans Gurmukhi's above- and below-base mark positioning. */
  featuresOff?: string[];
}

const FONT_FILES: Record<FontScript, FontFile> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', family: 'NotoSans', italics: true },
  arabic: { pkg: '@expo-google-fonts/noto-naskh-arabic', family: 'NotoNaskhArabic', italics: false },
  gurmukhi: { pkg: '@expo-google-fonts/noto-sans-gurmukhi', family: 'NotoSansGurmukhi', italics: false, featuresOff: ['abvm', 'blwm'] },
  'simplified-han': { pkg: '@expo-google-fonts/noto-sans-sc', family: 'NotoSansSC', italics: false },
  'traditional-han': { pkg: '@expo-google-fonts/noto-sans-tc', family: 'NotoSansTC', italics: false },
};

const require = createRequire(import.meta.url);

/** The face drawn for a script and style: the key that caches it, its file, and whether it is a true italic. */
export function fontFace(script: FontScript, style: FontStyle = {}) {
  const file = FONT_FILES[script];
  const italic = Boolean(style.italic) && file.italics;
  const weight = style.bold ? '700Bold' : '400Regular';
  const variant = italic ? `${weight}_Italic` : weight;
  return { key: `${script}/${variant}`, path: `${file.pkg}/${variant}/${file.family}_${variant}.ttf`, italic };
}

/** The layout features to shape a script with (a fresh object: fontkit writes into the one it is given). */
export function layoutFeatures(script: FontScript): Record<string, boolean> {
  return Object.fromEntries((FONT_FILES[script].featuresOff ?? []).map((feature) => [feature, false]));
}

const fileBytes = new Map<string, Promise<Uint8Array>>();
const parsedFonts = new Map<string, Promise<Font>>();

/**
 * fontkit 2 (not @pdf-lib/fontkit, whose build fails on Indic shaping); @cantoo/pdf-lib subsets with its
 * encode(). Loaded with the first font: only the tools that draw text need it (performance log §106).
 */
export async function parseFont(bytes: Uint8Array): Promise<Font> {
  const fontkit = await import('fontkit');
  return fontkit.create(Buffer.from(bytes)) as Font;
}

/** Lets the document embed (and subset) font files. */
export async function registerFontkit(doc: PDFDocument): Promise<void> {
  doc.registerFontkit((await import('fontkit')) as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
}

function fontBytes(path: string): Promise<Uint8Array> {
  let bytes = fileBytes.get(path);
  if (!bytes) {
    bytes = readFile(require.resolve(path)).then((buffer) => new Uint8Array(buffer));
    fileBytes.set(path, bytes);
  }
  return bytes;
}

/** The parsed font, to ask which characters it has and its metrics without touching a document. */
export function parsedFont(script: FontScript, style: FontStyle = {}): Promise<Font> {
  const { key, path } = fontFace(script, style);
  let font = parsedFonts.get(key);
  if (!font) {
    font = fontBytes(path).then(parseFont);
    parsedFonts.set(key, font);
  }
  return font;
}

const embedded = new WeakMap<PDFDocument, Map<string, Promise<PDFFont>>>();

/** The document's subset of a face, embedded the first time it is asked for. */
export function embeddedFont(doc: PDFDocument, script: FontScript, style: FontStyle = {}): Promise<PDFFont> {
  let fonts = embedded.get(doc);
  if (!fonts) {
    fonts = new Map();
    embedded.set(doc, fonts);
  }
  const { key, path } = fontFace(script, style);
  let font = fonts.get(key);
  if (!font) {
    font = Promise.all([fontBytes(path), parsedFont(script, style), registerFontkit(doc)]).then(([bytes, parsed]) =>
      doc.embedFont(bytes, { subset: true, features: layoutFeatures(script), customName: `${subsetTag()}+${parsed.postscriptName}` }),
    );
    fonts.set(key, font);
  }
  return font;
}

/** The six capitals PDF puts before a subset font's name (readers and pdffonts know a subset by it); random, so an edited file's new subsets never share a name with its old ones. */
function subsetTag(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('');
}
