import { PageRangeError, parsePageRanges } from '@wattle/shared';
import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
import { leafFields, optionsFromForm, type FormValues, type OptionField } from './option-fields';

export interface ValidationContext {
  /** Pages of the chosen PDF once known: page fields are then checked against it. */
  pageCount?: number;
  isEdited?: (name: string) => boolean;
}

export type ValidationResult = { ok: true; options: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the tool's own zod schema (the API runs the same one), then page numbers
 * against the document, so "page 12 of 10" is caught before the upload. Errors are keyed by field path.
 */
export function validateOptions(schema: z.ZodType, fields: OptionField[], values: FormValues, context: ValidationContext = {}): ValidationResult {
  const options = optionsFromForm(fields, values, context.isEdited);
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    const lists = new Set(leafFields(fields).filter((f) => f.kind === 'lines').map((f) => f.name));
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // A list typed one item a line: the field says which line.
      const list = issue.path.slice(0, -1).join('.');
      if (lists.has(list) && typeof issue.path.at(-1) === 'number') errors[list] ??= `Line ${Number(issue.path.at(-1)) + 1}: ${messageFor(issue)}`;
      else errors[path] ??= messageFor(issue);
    }
  }
  if (context.pageCount) {
    for (const field of leafFields(fields)) {
      const value = options[field.name];
      if (field.kind !== 'pages' || typeof value !== 'string' || errors[field.name]) continue;
      try {
        parsePageRanges(value, context.pageCount, { allowReverse: field.name === 'order' });
      } catch (error) {
        if (error instanceof PageRangeError) errors[field.name] = error.message;
        else throw error;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, options };
}

/** zod's generic wording in plain words; the registry's own messages (patterns) are kept as written. */
function messageFor(issue: $ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : 'Enter a valid value';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Required' : `Use at least ${issue.minimum} characters`;
      return `Use ${issue.minimum} or more`;
    case 'too_big':
      return issue.origin === 'string' ? `Use at most ${issue.maximum} characters` : `Use ${issue.maximum} or less`;
    case 'invalid_value':
      return 'Choose one of the options';
    default:
      return issue.message;
  }
}
