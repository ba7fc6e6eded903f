import { getTool, toolOptionsJsonSchema, type ToolId } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { defaultFormValues, optionFields } from './option-fields';
import { validateOptions } from './validate-options';

function check(id: ToolId, values: Record<string, unknown>, pageCount?: number) {
  const fields = optionFields(toolOptionsJsonSchema(id));
  return validateOptions(getTool(id).options, fields, { ...defaultFormValues(fields), ...values }, { pageCount });
}

describe('validateOptions', () => {
  it('returns the options to send when they are valid', () => {
    expect(check('compress', { level: 'high' })).toEqual({ ok: true, options: { level: 'high', grayscale: false } });
  });

  it('puts the schema messages under their fields', () => {
    expect(check('watermark', { text: '' })).toEqual({ ok: false, errors: { text: 'Required' } });
    const result = check('protect', { userPassword: '' });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toEqual(['userPassword']);
  });

  it('says which line of a list is wrong', () => {
    expect(check('redact', { patterns: 'INV-\\d{6}\n(a+)+b' })).toEqual({
      ok: false,
      errors: { patterns: 'Line 2: Repeating a group that repeats or has alternatives can make the search run for ever' },
    });
  });

  it('checks page numbers against the document once its page count is known', () => {
    expect(check('extract-pages', { pages: '1-3,12' })).toMatchObject({ ok: true });
    expect(check('extract-pages', { pages: '1-3,12' }, 10)).toEqual({
      ok: false,
      errors: { pages: 'Page 12 does not exist: the document has 10 pages.' },
    });
    expect(check('organize', { order: '3-1' }, 3)).toMatchObject({ ok: true, options: { order: '3-1' } });
    expect(check('remove-pages', { pages: '3-1' }, 3)).toMatchObject({ ok: false });
  });
});

describe('messages', () => {
  it('words bounds plainly and keeps the registry messages', () => {
    expect(check('pdf-to-image', { dpi: 1000 })).toEqual({ ok: false, errors: { dpi: 'Use 300 or less' } });
    expect(check('watermark', { text: 'x', color: 'red' })).toEqual({ ok: false, errors: { color: 'Use a colour like #808080' } });
  });
});
