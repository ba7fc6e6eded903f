import { isValidAbn, type RedactionPreset } from '@wattle/shared';

/**
 * Australian numbers and details, found in page text. Numbers with a check digit must pass it, so a
 * redaction of tax file numbers leaves invoice numbers alone. Digit runs are fenced by (?<!\d) and
 * (?!\d) so part of a longer number never matches; none of these patterns can backtrack badly.
 */

export interface PresetFinder {
  preset: RedactionPreset;
  regex: RegExp;
  valid?: (match: string) => boolean;
}

const digitsOf = (text: string) => [...text.replace(/\D/g, '')].map(Number);

const weighted = (digits: number[], weights: readonly number[]) => weights.reduce((sum, w, i) => sum + w * digits[i]!, 0);

/** The ATO's weights: the weighted sum of a TFN is a multiple of 11. */
export function isValidTfn(text: string): boolean {
  const d = digitsOf(text);
  if (d.length === 9) return weighted(d, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0;
  if (d.length === 8) return weighted(d, [10, 7, 8, 4, 6, 3, 5, 1]) % 11 === 0;
  return false;
}

/** Services Australia's check: the 9th digit is the weighted sum of the first 8, mod 10; then an issue number (and an optional IRN). */
export function isValidMedicare(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 10 && d.length !== 11) return false;
  if (d[0]! < 2 || d[0]! > 6) return false;
  return weighted(d, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === d[8];
}

/** ASIC's check: the complement of the weighted sum of the first 8 digits, mod 10. */
export function isValidAcn(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9) return false;
  return (10 - (weighted(d, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10 === d[8];
}

const ACCOUNT_LABEL = String.raw`(?:\b\d{3}-?\d{3}\b|\b(?:account|acct|acc|a\/c)\b(?:\s*(?:no\.?|number|#))?)`;

export const PRESET_FINDERS: readonly PresetFinder[] = [
  { preset: 'tfn', regex: /(?<!\d)\d{3}[ -]?\d{3}[ -]?\d{2,3}(?!\d)/g, valid: isValidTfn },
  { preset: 'medicare', regex: /(?<!\d)[2-6]\d{3}[ -]?\d{5}[ -]?\d(?:[ -/]?\d)?(?!\d)/g, valid: isValidMedicare },
  { preset: 'abn', regex: /(?<!\d)\d{2} ?\d{3} ?\d{3} ?\d{3}(?!\d)/g, valid: isValidAbn },
  { preset: 'acn', regex: /(?<!\d)\d{3} ?\d{3} ?\d{3}(?!\d)/g, valid: isValidAcn },
  { preset: 'bsb', regex: /(?<!\d)\d{3}-\d{3}(?!\d)|(?<=\bBSB\b[^\d\n]{0,12})\d{6}(?!\d)/gi },
  { preset: 'account', regex: new RegExp(String.raw`(?<=${ACCOUNT_LABEL}[^\d\n]{0,30})\d(?:[ -]?\d){5,9}(?!\d)`, 'gi') },
  {
    preset: 'phone',
    regex: /(?<![\d+])(?:(?:\+61[ -]?|0)[2-478]|\(0[2378]\)) ?(?:[ -]?\d){8}(?!\d)|(?<!\d)1[38]00(?:[ -]?\d){6}(?!\d)|(?<!\d)13(?:[ -]?\d){4}(?!\d)/g,
  },
  { preset: 'email', regex: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
];
