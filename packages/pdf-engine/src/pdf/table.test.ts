import { describe, expect, it } from 'vitest';
import { cellValue } from './table.ts';

describe('table cells', () => {
  it('turns en-AU numbers into numbers with the format they were shown in', () => {
    expect(cellValue('1,250.50')).toEqual({ value: 1250.5, format: '#,##0.00' });
    expect(cellValue('(12.00)')).toEqual({ value: -12, format: '0.00;(0.00)' });
    expect(cellValue('$1,234.56')).toEqual({ value: 1234.56, format: '"$"#,##0.00' });
    expect(cellValue('-$99')).toEqual({ value: -99, format: '"$"0' });
    expect(cellValue('12.5%')).toEqual({ value: 0.125, format: '0.0%' });
    expect(cellValue('-7')).toEqual({ value: -7 });
    expect(cellValue('140')).toEqual({ value: 140 });
  });

  it('leaves text that only looks like a number alone', () => {
    expect(cellValue('12 items')).toEqual({ value: '12 items' });
    expect(cellValue('1,2,3')).toEqual({ value: '1,2,3' });
    expect(cellValue('02 9999 9999')).toEqual({ value: '02 9999 9999' });
  });
});
