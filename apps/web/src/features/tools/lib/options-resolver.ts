import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FormValues, OptionField } from './option-fields';
import { validateOptions, type ValidationContext } from './validate-options';

/**
 * react-hook-form resolver over validateOptions. On success the submit handler receives the options
 * object ready to send (not the raw form values).
 */
export function optionsResolver(schema: z.ZodType, fields: OptionField[], context: () => ValidationContext): Resolver<FormValues> {
  return async (values) => {
    const result = validateOptions(schema, fields, values, context());
    if (result.ok) return { values: result.options, errors: {} };
    return { values: {}, errors: nestErrors(result.errors) };
  };
}

/** { "permissions.print": "…" } → { permissions: { print: { type, message } } }, the shape the form reads. */
export function nestErrors(errors: Record<string, string>): FieldErrors<FormValues> {
  const nested: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const keys = path ? path.split('.') : ['root'];
    let node = nested;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return nested as FieldErrors<FormValues>;
}
