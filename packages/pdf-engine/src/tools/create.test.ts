import { execFileSync } from 'node:child_process';
import { PDFDict, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';
import { MAX_TEXT_BYTES } from './text-to-pdf.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

const text = (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
const sizes = async (output: Parameters<typeof pdfOf>[0]) => (await pdfOf(output)).getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);

describe('blank PDF', () => {
  it('makes the pages asked for, named blank.pdf, on the paper size and orientation asked', async () => {
    const [out] = await ws.run('blank-pdf', [], { pages: 3, pageSize: 'Letter', orientation: 'landscape' });
    expect(out).toMatchObject({ filename: 'blank.pdf', pages: 3 });
    expect(await sizes(out!)).toEqual([[792, 612], [792, 612], [792, 612]]);
    const [a4] = await ws.run('blank-pdf', []);
    expect(await sizes(a4!)).toEqual([[595, 842]]);
  });

  it('takes no files', async () => {
    expect(await ws.fail('blank-pdf', [file('a.txt', Buffer.from('x'))])).toBe('VALIDATION_FAILED');
  });
});

const MARKDOWN = `# Quarterly report

Intro with **bold**, *italic* and \`inline code\`, see [our site](https://wattle.example/about) or [bad](javascript:alert(1)).

- First point
  - Nested point
- Second point
- [x] Done task
- [ ] Open task

1. Step one
2. Step two

| City | Revenue |
|------|---------|
| Perth | 1,250 |
| A cell long enough to wrap over more than one line inside its narrow column | 99 |

\`\`\`ts
const total = rows.reduce((sum, row) => sum + row.value, 0);
\`\`\`

## Closing &amp; thanks
`;

describe('text to PDF', () => {
  it('lays out Markdown headings, lists, tables and code in order, with a clickable link', async () => {
    const [out] = await ws.run('text-to-pdf', [file('report.md', Buffer.from(MARKDOWN))]);
    expect(out).toMatchObject({ filename: 'report.pdf', pages: 1 });
    const extracted = text(out!.path).replace(/\s+/g, ' ');
    const order = ['Quarterly report', 'Intro with bold, italic and inline code', 'First point', 'Nested point', 'Second point', '[x] Done task', '[ ] Open task', '1. Step one', '2. Step two', 'City', 'Revenue', 'Perth', '1,250', 'A cell long enough', 'const total = rows.reduce', 'Closing & thanks'];
    let at = -1;
    for (const expected of order) {
      const found = extracted.indexOf(expected, at + 1);
      expect(found, `"${expected}" after position ${at} in: ${extracted}`).toBeGreaterThan(at);
      at = found;
    }
    expect(extracted).not.toContain('**');
    expect(extracted).not.toContain('```');

    // The web address is a URI link annotation; the javascript: one stays text.
    const doc = await pdfOf(out!);
    const links = (doc.getPage(0).node.Annots()?.asArray() ?? []).map((ref) => doc.context.lookup(ref, PDFDict));
    expect(links.map((link) => link.get(PDFName.of('Subtype'))?.toString())).toEqual(['/Link']);
    const action = links[0]!.lookup(PDFName.of('A'), PDFDict);
    expect((action.lookup(PDFName.of('URI')) as PDFString).decodeText()).toBe('https://wattle.example/about');
  });

  it('writes a link address with parentheses, a backslash or accents as one intact, encoded URI (no PDF syntax from the text)', async () => {
    const source = String.raw`[tricky](<https://wattle.example/a)/S/Launch/F(calc.exe)/café>) and [mail](<mailto:a\\b@wattle.example>)`;
    const [out] = await ws.run('text-to-pdf', [file('links.md', Buffer.from(source))]);
    const doc = await pdfOf(out!);
    const actions = (doc.getPage(0).node.Annots()?.asArray() ?? []).map((ref) => doc.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict));
    expect(actions.map((action) => action.get(PDFName.of('S'))?.toString())).toEqual(['/URI', '/URI']);
    expect(actions.map((action) => (action.lookup(PDFName.of('URI')) as PDFString).decodeText())).toEqual([
      'https://wattle.example/a)/S/Launch/F(calc.exe)/caf%C3%A9',
      String.raw`mailto:a\b@wattle.example`,
    ]);
  });

  it('draws Greek, Arabic and Chinese so that pdftotext reads them back', async () => {
    const source = '# Ελληνικά\n\nΚαλημέρα κόσμε\n\nمرحبا بالعالم\n\n你好，世界。欢迎来到珀斯。\n';
    const [out] = await ws.run('text-to-pdf', [file('scripts.md', Buffer.from(source))]);
    const extracted = text(out!.path);
    for (const expected of ['Ελληνικά', 'Καλημέρα κόσμε', 'مرحبا بالعالم', '你好，世界。欢迎来到珀斯。']) expect(extracted).toContain(expected);
  });

  it('keeps the lines of plain text, wraps long ones, breaks pages and honours the paper size', async () => {
    const long = 'word '.repeat(400).trim();
    const lines = Array.from({ length: 120 }, (_, i) => `Line ${i + 1} # not a heading`);
    const [out] = await ws.run('text-to-pdf', [file('notes.txt', Buffer.from([long, ...lines].join('\n')))], { pageSize: 'Legal' });
    expect(out!.pages).toBeGreaterThan(1);
    expect((await sizes(out!)).every(([w, h]) => w === 612 && h === 1008)).toBe(true);
    const extracted = text(out!.path);
    expect(extracted).toContain('Line 1 # not a heading');
    expect(extracted).toContain('Line 120 # not a heading');
    // Wrapped: no line of the page is the whole 400-word paragraph.
    expect(Math.max(...extracted.split('\n').map((line) => line.length))).toBeLessThan(200);
  });

  it("reads .md as plain text when asked, and a .txt as Markdown when asked", async () => {
    const [plain] = await ws.run('text-to-pdf', [file('readme.md', Buffer.from('# Title\n\n**x**'))], { format: 'plain' });
    expect(text(plain!.path)).toContain('# Title');
    const [markdown] = await ws.run('text-to-pdf', [file('readme.txt', Buffer.from('# Title\n\n**x**'))], { format: 'markdown' });
    expect(text(markdown!.path)).not.toContain('#');
  });

  it('refuses binary content whatever its name, text past the page limit and a file over 5 MiB', async () => {
    expect(await ws.fail('text-to-pdf', [file('x.md', Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x10]))])).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await ws.fail('text-to-pdf', [file('long.txt', Buffer.from('line\n'.repeat(400)))], {}, { maxPages: 2 })).toBe('LIMIT_EXCEEDED');
    expect(await ws.fail('text-to-pdf', [file('big.txt', Buffer.alloc(MAX_TEXT_BYTES + 1, 'a'))])).toBe('FILE_TOO_LARGE');
  });
});
