import { z } from 'zod';
import { PAGE_RANGES_HINT, PAGE_RANGES_MAX_LENGTH, PAGE_RANGES_PATTERN } from './page-ranges.ts';

/**
 * Option fields shared by several tools. Every bound is here so absurd parameters (DPI 1e6,
 * font size 1e9, ranges 1-999999999) are refused with field errors before any work starts.
 * Only checks that survive z.toJSONSchema are used (no transforms).
 */

export const pageRanges = (description: string) =>
  z.string().max(PAGE_RANGES_MAX_LENGTH).regex(PAGE_RANGES_PATTERN, PAGE_RANGES_HINT).meta({ description, examples: ['1-3,5'] });

/**
 * Stamped text is one line in any script (the engine draws it with Noto fonts); control characters,
 * line breaks included, are refused.
 */
const ONE_LINE = String.raw`[^\x00-\x1F\x7F]`;
const ONE_LINE_MESSAGE = 'Use one line of text, without control characters';

export const stampText = (description: string, maxLength: number) =>
  z.string().min(1).max(maxLength).regex(new RegExp(`^${ONE_LINE}*$`), ONE_LINE_MESSAGE).meta({ description });

export const pageNumberFormat = z
  .string()
  .min(1)
  .max(100)
  .regex(new RegExp(`^(?=.*\\{n\\})${ONE_LINE}*$`), `Include {n} for the page number. ${ONE_LINE_MESSAGE}`)
  .default('{n}')
  .meta({ description: 'How each number reads: {n} becomes the page number and {total} the number of pages.', examples: ['Page {n} of {total}'] });

/** Control characters are refused: passwords travel to qpdf in an argument file, one per line. */
export const password = (description: string) =>
  z.string().max(128).regex(/^[^\x00-\x1F\x7F]*$/, 'Passwords cannot contain control characters').meta({ description });

export const metadataText = (description: string) => z.string().max(500).optional().meta({ description });

export const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #808080')
  .default('#808080')
  .meta({ description: 'The colour of the text.' });

export const position = z
  .enum(['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right'])
  .default('bottom-center')
  .meta({ description: 'Where on the page the number goes.' });
