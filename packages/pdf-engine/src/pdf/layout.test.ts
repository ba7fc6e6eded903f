import { describe, expect, it } from 'vitest';
import { blockText, parseBboxLayout } from './layout.ts';
import { cellValue, pageToGrid } from './table.ts';

const word = (x: number, y: number, text: string) => `<word xMin="${x}" yMin="${y}" xMax="${x + text.length * 6}" yMax="${y + 10}">${text}</word>`;
const line = (...words: string[]) => `<line xMin="0" yMin="0" xMax="0" yMax="0">${words.join('')}</line>`;
const doc = (...blocks: string[]) =>
  `<!DOCTYPE html><html><head><title></title></head><body><doc><page width="595" height="842"><flow>${blocks.map((b) => `<block xMin="0" yMin="0" xMax="0" yMax="0">${b}</block>`).join('')}</flow></page></doc></body></html>`;

describe('bbox layout', () => {
  it('parses pages, blocks, lines and words with entities', () => {
    const [page] = parseBboxLayout(doc(line(word(10, 10, 'Fish'), word(40, 10, '&amp;'), word(52, 10, 'Chips')) + line(word(10, 22, 'R&#233;sum&#xe9;'))));
    expect(page!.width).toBe(595);
    expect(blockText(page!.blocks[0]!)).toBe('Fish & Chips Résumé');
  });

  it('joins hyphenated line breaks', () => {
    const [page] = parseBboxLayout(doc(line(word(10, 10, 'infor-')) + line(word(10, 22, 'mation'))));
    expect(blockText(page!.blocks[0]!)).toBe('information');
  });

  it('puts aligned words in the same columns', () => {
    const [page] = parseBboxLayout(
      doc(line(word(72, 100, 'Item'), word(250, 100, 'Qty')), line(word(72, 120, 'Blue'), word(80 + 24, 120, 'widgets'), word(252, 120, '12')), line(word(250, 140, '7'))),
    );
    expect(pageToGrid(page!)).toEqual([['Item', 'Qty'], ['Blue widgets', '12'], ['', '7']]);
  });

  it('turns plain numbers into numbers', () => {
    expect(cellValue('1,250.50')).toBe(1250.5);
    expect(cellValue('(12.00)')).toBe(-12);
    expect(cellValue('$99')).toBe(99);
    expect(cellValue('12 items')).toBe('12 items');
    expect(cellValue('1,2,3')).toBe('1,2,3');
  });
});
