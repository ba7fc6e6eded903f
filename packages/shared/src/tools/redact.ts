import { z } from 'zod';
import { apiComponents } from '../api/components.ts';

/**
 * The redact tool's options and its preview's answer. Areas and match boxes share one coordinate
 * system: PDF points measured from the bottom-left corner of the page as it is shown (after its
 * rotation), so a box from the preview can be sent back as an area.
 */

export const REDACTION_PRESETS = [
  { id: 'tfn', name: 'Tax file numbers' },
  { id: 'medicare', name: 'Medicare numbers' },
  { id: 'abn', name: 'ABNs' },
  { id: 'acn', name: 'ACNs' },
  { id: 'bsb', name: 'BSBs' },
  { id: 'account', name: 'Bank account numbers (next to a BSB or the word account)' },
  { id: 'phone', name: 'Phone numbers' },
  { id: 'email', name: 'Email addresses' },
] as const;

export type RedactionPreset = (typeof REDACTION_PRESETS)[number]['id'];

export const MAX_REDACTION_AREAS = 500;
export const MAX_REDACTION_TEXTS = 50;
export const MAX_REDACTION_PATTERNS = 20;
/** The largest page PDF allows is 200 inches a side. */
const MAX_POINTS = 14_400;

const points = (description: string) => z.number().min(0).max(MAX_POINTS).meta({ description });

export const redactionArea = z.strictObject({
  page: z.int().min(1).max(100_000).meta({ description: 'The page number, from 1.' }),
  x: points('Distance of the left edge from the left of the page, in points (1/72 inch).'),
  y: points('Distance of the bottom edge from the bottom of the page as shown, in points.'),
  width: points('Width in points.').min(1),
  height: points('Height in points.').min(1),
});

export type RedactionArea = z.infer<typeof redactionArea>;

/**
 * Why a regular expression is refused, or undefined. Patterns run on every page's text, so the shapes
 * that can backtrack for ever (a repeat inside a repeat, alternatives inside a repeat, back-references)
 * are refused; the engine also stops a search that runs too long.
 */
export function patternProblem(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
  } catch {
    return 'This is not a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(source)) return 'Back-references are not allowed';
  const groups: { repeats: boolean; alternates: boolean }[] = [{ repeats: false, alternates: false }];
  let lastGroup: { repeats: boolean; alternates: boolean } | undefined;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      i++;
      lastGroup = undefined;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') groups.push({ repeats: false, alternates: false });
    else if (ch === ')') {
      lastGroup = groups.pop();
      const parent = groups.at(-1)!;
      parent.repeats ||= lastGroup!.repeats;
      continue;
    } else if (ch === '|') groups.at(-1)!.alternates = true;
    else if (ch === '*' || ch === '+' || ch === '{' || ch === '?') {
      const unbounded = ch === '*' || ch === '+' || (ch === '{' && /^\{\d*,\d*\}/.test(source.slice(i)) && !/^\{\d+\}/.test(source.slice(i)));
      const lazyOrGroupMark = ch === '?' && (source[i - 1] === '(' || /[*+?}]/.test(source[i - 1] ?? ''));
      if (!lazyOrGroupMark) {
        if (lastGroup && unbounded && (lastGroup.repeats || lastGroup.alternates)) return 'Repeating a group that repeats or has alternatives can make the search run for ever';
        groups.at(-1)!.repeats ||= unbounded;
      }
    }
    lastGroup = undefined;
  }
  return undefined;
}

const searchText = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\x00-\x1F\x7F]*\S[^\x00-\x1F\x7F]*$/, 'Use one line of text, without control characters');

export const redactOptionsSchema = z.strictObject({
  areas: z
    .array(redactionArea)
    .max(MAX_REDACTION_AREAS)
    .optional()
    .meta({ description: 'Boxes to black out, each on one page, in points from the bottom-left corner of the page as shown.' }),
  text: z
    .array(searchText)
    .max(MAX_REDACTION_TEXTS)
    .optional()
    .meta({ description: 'Words or phrases to remove wherever they appear, ignoring upper and lower case.' }),
  patterns: z
    .array(
      searchText.superRefine((source, ctx) => {
        const problem = patternProblem(source);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    )
    .max(MAX_REDACTION_PATTERNS)
    .optional()
    .meta({ description: 'Regular expressions (JavaScript syntax) whose matches are removed, e.g. INV-\\d{6}.' }),
  presets: z
    .array(z.enum(REDACTION_PRESETS.map((p) => p.id) as [RedactionPreset, ...RedactionPreset[]]))
    .max(REDACTION_PRESETS.length)
    .optional()
    .meta({ description: 'Australian numbers and details to find: tfn, medicare, abn, acn, bsb, account, phone, email. Numbers with a check digit must pass it.' }),
});

export type RedactOptions = z.output<typeof redactOptionsSchema>;

/** One thing the preview found, with the boxes the redaction would black out. */
export const redactionMatch = z.object({
  page: z.int().min(1),
  text: z.string(),
  /** What found it: one of the texts, a pattern, or a preset. */
  source: z.enum(['text', 'pattern', 'preset']),
  preset: z.enum(REDACTION_PRESETS.map((p) => p.id) as [RedactionPreset, ...RedactionPreset[]]).optional(),
  boxes: z.array(redactionArea.omit({ page: true })),
});

export type RedactionMatch = z.infer<typeof redactionMatch>;

export const redactPreviewResponse = z
  .object({
    pages: z.int().min(1),
    matches: z.array(redactionMatch),
    truncated: z.boolean().meta({ description: 'True when there were more matches than the preview lists (the redaction still takes them all).' }),
  })
  .register(apiComponents, { id: 'RedactPreview' });

/** POST /api/v1/tools/redact/preview: the PDF and the options a redact job would get. */
export const redactPreviewRequest = z
  .object({
    options: z.string().optional().meta({
      contentMediaType: 'application/json',
      contentSchema: { $ref: '#/components/schemas/ToolOptions_redact' },
      description: 'JSON text of the redact options (ToolOptions_redact); areas are not listed, only what text, patterns and presets find.',
    }),
    file: z.string().meta({ format: 'binary', description: 'The PDF, sent after the options.' }),
  })
  .register(apiComponents, { id: 'RedactPreviewRequest' });

export type RedactPreviewResponse = z.infer<typeof redactPreviewResponse>;
