/**
 * A text as a reader (and pdftotext) reads it, with the way back to where each character came from:
 * compatibility forms folded (NFKC: ligatures such as "ﬁ", "ﬂ", "ﬃ" become their letters, full-width
 * forms plain), soft hyphens and zero-width characters dropped, a word hyphenated across a line end
 * joined ("Abbil-" + line break + "dung" reads "Abbildung"), and letter-spaced words closed up. Case is left alone: the finders
 * match phrases in any case, and user patterns keep the case they were written in.
 */

export interface ReaderText {
  text: string;
  /** For each character of `text`, the index of the source character it came from. */
  from: number[];
}

/** Invisible in print: soft hyphen, zero-width space/joiners, word joiner, byte-order mark. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/;
/** A hyphen at a line end, with the line break and indent after it. */
const LINE_END_HYPHEN = /^[-\u2010\u00ad][^\S\n]*\n\s*/;

/**
 * Letter-spaced text (tracking, or kerning wider than a space) that pdftotext reads as one-letter
 * words: three or more of them in a row are read as one word ("K E S T R E L" reads "KESTREL").
 */
const SPACED_LETTERS = /(?<!\S)\S(?: \S(?!\S)){2,}/gu;

export function readerText(source: string): ReaderText {
  let text = '';
  const from: number[] = [];
  const tracking = new Set<number>();
  for (const m of source.matchAll(SPACED_LETTERS)) for (let k = 0; k < m[0].length; k++) if (m[0][k] === ' ') tracking.add(m.index + k);
  for (let i = 0; i < source.length; ) {
    if (tracking.has(i)) {
      i++;
      continue;
    }
    const joined = LINE_END_HYPHEN.exec(source.slice(i, i + 64));
    if (joined && i > 0 && /\p{L}/u.test(source[i - 1]!)) {
      i += joined[0].length;
      continue;
    }
    const char = String.fromCodePoint(source.codePointAt(i)!);
    if (!INVISIBLE.test(char)) {
      const folded = char.normalize('NFKC');
      text += folded;
      for (let k = 0; k < folded.length; k++) from.push(i);
    }
    i += char.length;
  }
  return { text, from };
}

/** A stretch start..end of the reader text as the stretch of the source it came from. */
export function sourceRange({ from }: ReaderText, start: number, end: number): [number, number] {
  return [from[start]!, from[end - 1]! + 1];
}

/**
 * A phrase as a reader would type it, to find in reader text: folded the same way, any case, words
 * apart by any run of spaces or line breaks or none (a space that was only a kerning gap is not
 * always read as one), and a hyphen in it may be the one a line break took away.
 */
export function phraseRegex(phrase: string): RegExp {
  const words = readerText(phrase.trim()).text.split(/\s+/);
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[-\u2010]/g, '[-\u2010]?');
  return new RegExp(words.map(escape).join(String.raw`\s*`), 'giu');
}
