import { describe, expect, it } from 'vitest';
import { parseBboxLayout } from './layout.ts';

const wordsOf = (page: ReturnType<typeof parseBboxLayout>[number]) => page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words.map((w) => w.text)));

const word = (x: number, y: number, text: string) => `<word xMin="${x}" yMin="${y}" xMax="${x + text.length * 6}" yMax="${y + 10}">${text}</word>`;
const line = (...words: string[]) => `<line xMin="0" yMin="0" xMax="0" yMax="0">${words.join('')}</line>`;
const doc = (...blocks: string[]) =>
  `<!DOCTYPE html><html><head><title></title></head><body><doc><page width="595" height="842"><flow>${blocks.map((b) => `<block xMin="0" yMin="0" xMax="0" yMax="0">${b}</block>`).join('')}</flow></page></doc></body></html>`;

describe('bbox layout', () => {
  it('parses pages, blocks, lines and words with entities', () => {
    const [page] = parseBboxLayout(doc(line(word(10, 10, 'Fish'), word(40, 10, '&amp;'), word(52, 10, 'Chips')) + line(word(10, 22, 'R&#233;sum&#xe9;'))));
    expect(page!.width).toBe(595);
    expect(wordsOf(page!)).toEqual(['Fish', '&', 'Chips', 'Résumé']);
  });

  it('keeps each line of a block with its words in place', () => {
    const [page] = parseBboxLayout(doc(line(word(10, 10, 'infor-')) + line(word(10, 22, 'mation'))));
    expect(page!.blocks[0]!.lines.map((l) => l.words.map((w) => [w.text, w.yMin]))).toEqual([[['infor-', 10]], [['mation', 22]]]);
  });
});
