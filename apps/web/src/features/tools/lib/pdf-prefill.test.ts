import { getTool } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { PDF_PREFILL } from './pdf-prefill';

describe('edit-metadata prefill', () => {
  it('takes the document information pdf.js reports, as valid options', () => {
    const values = PDF_PREFILL['edit-metadata']!({ Title: 'Annual report', Author: 'Matilda Jones', Producer: 'x'.repeat(600), IsLinearized: false, Custom: 3 });
    expect(values).toEqual({ title: 'Annual report', author: 'Matilda Jones', producer: 'x'.repeat(500) });
    expect(getTool('edit-metadata').options.safeParse(values).success).toBe(true);
  });
});
