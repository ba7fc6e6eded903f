import { ENGINE_ERROR_CODES, EngineError } from '@wattle/pdf-engine';
import { ERROR_CATALOGUE } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { engineFieldErrors, engineRefusal } from './engine-refusal.ts';

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

describe('engineRefusal', () => {
  it('answers every engine code as itself, a 4xx but for the engines being slow or missing', () => {
    for (const code of ENGINE_ERROR_CODES) {
      const refusal = engineRefusal(new EngineError(code, 'Precise words.'));
      expect(refusal).toMatchObject({ code, message: 'Precise words.' });
      expect(refusal.status, code).toBe(ERROR_CATALOGUE[code].status);
      if (code !== 'ENGINE_TIMEOUT' && code !== 'ENGINE_UNAVAILABLE') expect(refusal.status, code).toBeLessThan(500);
    }
  });

  it('keeps what a budget and a damaged part say, and nothing else the engine put in its details', () => {
    const limit = engineRefusal(new EngineError('LIMIT_EXCEEDED', 'Too many pixels.', { limit: 'maxPixels', width: 60_000, height: 60_000, path: '/tmp/x', nested: { a: 1 } }));
    expect(limit.details).toEqual({ limit: 'maxPixels', width: 60_000, height: 60_000 });
    expect(engineRefusal(new EngineError('PDF_CORRUPT', 'Damaged.', { part: 'xref', stderr: 'qpdf: …' })).details).toEqual({ part: 'xref' });
    expect(engineRefusal(new EngineError('PDF_CORRUPT', 'Damaged.')).details).toBeUndefined();
  });
});
