import { Document, Packer, Paragraph, SectionType, TextRun } from 'docx';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listZip, readZipText } from '../detect/zip.ts';
import { pdfLatex } from '../test/born-digital.ts';
import { file, workspace, type Workspace } from '../test/harness.ts';
import { docxParagraphs } from '../test/structure-score.ts';

/**
 * PDF to Word on pages set in columns by real producers (pdfLaTeX's \twocolumn and multicol,
 * LibreOffice's section columns), a newsletter and a form: the Word paragraphs read each column top
 * to bottom, and no paragraph holds the lines of two columns.
 */

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo', 'Lima', 'Mike', 'November', 'Oscar', 'Papa', 'Quebec', 'Romeo'];
const SENTENCES = [
  'The basin drains a seventh of the continent, and its rivers carry the water of four states to the sea near Goolwa.',
  'Gauges were read every morning at nine, and the readings were checked against the records for the same days.',
  'Evaporation from storages was estimated from pan readings, corrected for the size of each storage and the wind over it.',
  'In dry years the lower lakes fell below sea level, and salt water moved up the channels behind the barrages.',
];
/** Paragraph n: opens with "<Name> opens." and closes with "<Name> closes.", so its words can be told from every other's. */
const paragraph = (n: number, sentences = 3) => `${NAMES[n]} opens. ${Array.from({ length: sentences }, (_, i) => SENTENCES[(n + i) % SENTENCES.length]).join(' ')} ${NAMES[n]} closes.`;

/** Each paragraph's name, in the order the DOCX reads them; a paragraph holding two names is an interleaving. */
async function readingOrder(docx: string): Promise<string[]> {
  const names: string[] = [];
  for (const text of await docxParagraphs(docx)) {
    const found = NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
    expect(found.length, `one paragraph holds ${found.join(' and ')}: "${text}"`).toBeLessThanOrEqual(1);
    if (found[0] && names.at(-1) !== found[0]) names.push(found[0]);
  }
  return names;
}

async function toWord(name: string, pdf: Buffer): Promise<string> {
  const [out] = await ws.run('pdf-to-word', [file(name, pdf)]);
  return out!.path;
}

const latexParagraphs = (count: number) =>
  Array.from({ length: count }, (_, n) => (n % 6 === 0 ? `\\section{Part ${n / 6 + 1}}\n` : '') + paragraph(n)).join('\n\n');

describe('PDF to Word reads columns in order', () => {
  it('reads a pdfLaTeX two-column paper column by column, its title first', async () => {
    const paper = await pdfLatex(
      ws.root,
      `\\documentclass[twocolumn]{article}\n\\title{Water in the Basin}\\author{A. Researcher}\\date{}\n\\begin{document}\n\\maketitle\n${latexParagraphs(14)}\n\\end{document}\n`,
      'two-column',
    );
    const docx = await toWord('paper.pdf', paper);
    expect(await readingOrder(docx)).toEqual(NAMES.slice(0, 14));
    expect((await docxParagraphs(docx))[0]).toBe('Water in the Basin');
  });

  it('reads a pdfLaTeX page of three columns (multicol) column by column', async () => {
    const paper = await pdfLatex(
      ws.root,
      `\\documentclass{article}\n\\usepackage{multicol}\n\\begin{document}\n\\begin{multicols}{3}\n${latexParagraphs(12)}\n\\end{multicols}\n\\end{document}\n`,
      'three-column',
    );
    expect(await readingOrder(await toWord('three.pdf', paper))).toEqual(NAMES.slice(0, 12));
  });

  it('reads a LibreOffice page of two section columns column by column', async () => {
    const text = (n: number) => new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text: paragraph(n, 4), size: 20 })] });
    const source = await Packer.toBuffer(
      new Document({ sections: [{ properties: { type: SectionType.CONTINUOUS, column: { count: 2, space: 400 } }, children: Array.from({ length: 12 }, (_, n) => text(n)) }] }),
    );
    const [pdf] = await ws.run('office-to-pdf', [file('columns.docx', source)]);
    expect(await readingOrder(await toWord('columns.pdf', await readFile(pdf!.path)))).toEqual(NAMES.slice(0, 12));
  });

  it('reads a newsletter: the masthead, then three columns in order; its running header and footer become the Word header and footer', async () => {
    const newsletter = await pdfLatex(
      ws.root,
      String.raw`\documentclass{article}
\usepackage[margin=2cm]{geometry}
\usepackage{multicol,fancyhdr}
\pagestyle{fancy}\fancyhf{}\lhead{Riverina Landcare News}\rhead{Spring 2026}\cfoot{Page \thepage}
\begin{document}
{\centering\Huge\bfseries The Riverina Landcare Newsletter\par}
\vspace{1em}
\begin{multicols}{3}
` +
        latexParagraphs(15) +
        '\n\\end{multicols}\n\\end{document}\n',
      'newsletter',
    );
    const docx = await toWord('newsletter.pdf', newsletter);
    expect(await readingOrder(docx)).toEqual(NAMES.slice(0, 15));
    const paragraphs = await docxParagraphs(docx);
    const masthead = paragraphs.indexOf('The Riverina Landcare Newsletter');
    expect(masthead).toBeGreaterThanOrEqual(0);
    expect(paragraphs.findIndex((p) => p.includes(NAMES[0]!))).toBeGreaterThan(masthead);
    // The running header and footer, on every page, become Word's own: the footer's number a page-number field.
    expect(paragraphs.filter((p) => /Riverina Landcare News\b|Spring 2026|Page \d/.test(p))).toEqual([]);
    const part = async (kind: string) => {
      const names = (await listZip(docx, 100)).map((e) => e.name).filter((n) => new RegExp(`^word/${kind}\\d*\\.xml$`).test(n));
      return (await Promise.all(names.map((n) => readZipText(docx, n, 1_000_000, 100)))).join('');
    };
    expect(await part('header')).toMatch(/Riverina Landcare News[\s\S]*Spring 2026/);
    expect(await part('footer')).toMatch(/Page [\s\S]*PAGE/);
  });

  it('keeps each label of a form with its own answer, row by row', async () => {
    const fields = [
      ['Given name:', 'Matilda', 'Family name:', 'Nguyen'],
      ['Date of birth:', '14/03/1988', 'Postcode:', '2650'],
      ['Email:', 'matilda@example.com.au', 'Phone:', '0412 345 678'],
    ];
    const rows = fields.map(([a, b, c, d]) => `\\textbf{${a}} ${b} & \\textbf{${c}} ${d}\\\\[1.5em]`).join('\n');
    const form = await pdfLatex(
      ws.root,
      `\\documentclass{article}\n\\begin{document}\n\\section*{Membership application}\n\\noindent\\begin{tabular}{@{}p{0.5\\textwidth}p{0.45\\textwidth}}\n${rows}\n\\end{tabular}\n\\end{document}\n`,
      'form',
    );
    const text = (await docxParagraphs(await toWord('form.pdf', form))).join(' | ');
    const order = fields.flat();
    for (let i = 0; i < order.length; i += 2) expect(text, order[i]).toContain(`${order[i]} ${order[i + 1]}`);
    const at = fields.flat().map((f) => text.indexOf(f));
    expect(at.filter((_, i) => i % 2 === 0)).toEqual([...at.filter((_, i) => i % 2 === 0)].sort((a, b) => a - b));
  });
});
