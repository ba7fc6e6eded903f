import { describe, expect, it } from 'vitest';
import { ContentNotUnderstood, parseContent } from './content-ops.ts';

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('parseContent', () => {
  it('reads operands and keeps each operation’s bytes, inline images whole', () => {
    const source = 'q /P <</MCID 3>> BDC BT /F1 12 Tf [(a\\(b\\)\\101) -250 <4B65>] TJ ET EMC\nBI /W 2 /H 1 /BPC 8 /CS /G ID \x00EIx\xff EI Q';
    const ops = parseContent(bytes(source));
    expect(ops.map((o) => o.op)).toEqual(['q', 'BDC', 'BT', 'Tf', 'TJ', 'ET', 'EMC', 'BI', 'Q']);
    const tj = ops[4]!.args[0] as { bytes: Uint8Array }[];
    expect(Buffer.from(tj[0]!.bytes).toString('latin1')).toBe('a(b)A');
    expect(tj[1]).toBe(-250);
    expect(Buffer.from(tj[2]!.bytes).toString('latin1')).toBe('Ke');
    const image = ops[7]!;
    expect(source.slice(image.start, image.end)).toBe('BI /W 2 /H 1 /BPC 8 /CS /G ID \x00EIx\xff EI');
  });

  it('refuses what it does not know', () => {
    for (const bad of ['q wombat Q', 'BT (never closed Tj', '1 2', '<4G> Tj', 'BI /W 1 ID abc']) {
      expect(() => parseContent(bytes(bad))).toThrow(ContentNotUnderstood);
    }
  });
});
