import { describe, expect, it } from 'vitest';
import { engineFieldErrors } from './failure-details.ts';

describe('engineFieldErrors', () => {
  it('gives the engine’s fields as a request’s field errors, under options', () => {
    const fields = [
      { path: 'operations.0.page', message: 'The document has 1 page.' },
      { path: 'operations.0.page', message: 'Again.' },
      { path: 'operations.4.data', message: 'Not an image.' },
    ];
    expect(engineFieldErrors({ fields })).toEqual({
      fieldErrors: { 'options.operations.0.page': ['The document has 1 page.', 'Again.'], 'options.operations.4.data': ['Not an image.'] },
    });
    expect(engineFieldErrors({ field: 'pages', message: 'At least one page must be left.' })).toEqual({
      fieldErrors: { 'options.pages': ['At least one page must be left.'] },
    });
  });

  it('keeps at most 50 fields, each message bounded, and nothing when no field is named', () => {
    const fields = Array.from({ length: 80 }, (_, i) => ({ path: `operations.${i}.page`, message: 'x'.repeat(10_000) }));
    const details = engineFieldErrors({ fields })!;
    expect(Object.keys(details.fieldErrors)).toHaveLength(50);
    expect(details.fieldErrors['options.operations.0.page']![0]!.length).toBe(500);
    expect(engineFieldErrors({ limit: 'maxPages' })).toBeUndefined();
    expect(engineFieldErrors(undefined)).toBeUndefined();
  });
});
