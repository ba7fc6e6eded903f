import { describe, expect, it } from 'vitest';
import { makeLine } from './layout-analysis/lines.ts';
import { cellValue, ruledTables } from './table.ts';

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

const style = { font: 'Arial', size: 10, bold: false, italic: false, colour: '000000' };
const line = (text: string, x: number, baseline: number) => makeLine([{ text, x0: x, x1: x + text.length * 5, baseline, size: 10, style, spaceBefore: true }]);
const h = (y: number, x0: number, x1: number) => ({ x0, x1, y0: y, y1: y });
const v = (x: number, y0: number, y1: number) => ({ x0: x, x1: x, y0, y1 });

describe('ruled tables', () => {
  it('puts the text inside a grid of rules in its cells', () => {
    const rules = [h(100, 50, 250), h(120, 50, 250), h(140, 50, 250), v(50, 100, 140), v(150, 100, 140), v(250, 100, 140)];
    const { tables, rest } = ruledTables([line('Item', 55, 115), line('Cost', 155, 115), line('Rent', 55, 135), line('2400', 155, 135), line('After', 55, 300)], rules);
    expect(tables.map((t) => t.cells.map((row) => row.map((cell) => cell.map((l) => l.words[0]!.text).join(' '))))).toEqual([[['Item', 'Cost'], ['Rent', '2400']]]);
    expect(rest.map((l) => l.words[0]!.text)).toEqual(['After']);
  });

  it('leaves a frame with a rule between two text columns alone', () => {
    const rules = [h(40, 40, 550), h(800, 40, 550), v(40, 40, 800), v(295, 40, 800), v(550, 40, 800)];
    const lines = [line('Left', 50, 100), line('Right', 300, 100)];
    expect(ruledTables(lines, rules)).toEqual({ tables: [], rest: lines });
  });
});
