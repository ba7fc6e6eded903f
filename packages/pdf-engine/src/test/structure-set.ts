import {
  AlignmentType,
  BorderStyle,
  ColumnBreak,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageBreak,
  SectionType,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import sharp from 'sharp';

/**
 * The structure test set for PDF -> Office: a DOCX built here with known structure (three heading
 * levels, paragraphs over several lines, bulleted and numbered lists, a ruled and an unruled table,
 * an image, bold/italic/coloured runs, page breaks, a two-column page). LibreOffice makes the PDF;
 * the conversion's output is scored against `STRUCTURE` by structure-score.ts.
 */

export interface StyledRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** RRGGBB */
  colour?: string;
}

export type StructureBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; runs: StyledRun[] }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; ruled: boolean; rows: string[][] }
  | { kind: 'image'; width: number; height: number }
  | { kind: 'page-break' }
  | { kind: 'columns'; left: string[]; right: string[] };

/** The set is made twice: ragged in a sans face, and justified in a serif face. */
export interface StructureVariant {
  font: string;
  justified: boolean;
}
export const VARIANTS: StructureVariant[] = [
  { font: 'Liberation Sans', justified: false },
  { font: 'Liberation Serif', justified: true },
];
export const BODY_SIZE = 11;
export const HEADING_SIZES = { 1: 20, 2: 16, 3: 13 } as const;

const filler = (topic: string) =>
  `This paragraph about ${topic} runs over several lines so that the conversion has to join them again: ` +
  `the figures for Sydney, Melbourne and Brisbane are set out below, with notes on staff, revenue and the outlook for next year.`;

export const STRUCTURE: StructureBlock[] = [
  { kind: 'heading', level: 1, text: 'Annual structure report' },
  {
    kind: 'paragraph',
    runs: [
      { text: 'The opening paragraph has ' },
      { text: 'bold words', bold: true },
      { text: ', some ' },
      { text: 'italic words', italic: true },
      { text: ' and ' },
      { text: 'red warning text', colour: 'C00000' },
      { text: ` in it. ${filler('the year')}` },
    ],
  },
  { kind: 'heading', level: 2, text: 'Background of the study' },
  { kind: 'paragraph', runs: [{ text: filler('the background') }] },
  { kind: 'heading', level: 3, text: 'Method in detail' },
  { kind: 'paragraph', runs: [{ text: 'The steps we followed were these:' }] },
  { kind: 'list', ordered: false, items: ['Collect the invoices for each branch', 'Check every total by hand', 'Send the summary to the board'] },
  { kind: 'paragraph', runs: [{ text: 'The order of the work mattered:' }] },
  { kind: 'list', ordered: true, items: ['Open the ledger for the quarter', 'Reconcile the bank statements', 'Close the quarter and report'] },
  { kind: 'page-break' },
  { kind: 'heading', level: 2, text: 'Figures by state' },
  {
    kind: 'table',
    ruled: true,
    rows: [
      ['State', 'Branches', 'Revenue'],
      ['New South Wales', '14', '$1,234.56'],
      ['Victoria', '11', '$987.10'],
      ['Queensland', '8', '(340.00)'],
    ],
  },
  { kind: 'paragraph', runs: [{ text: 'The next table has no lines; its columns line up.' }] },
  {
    kind: 'table',
    ruled: false,
    rows: [
      ['Quarter', 'Growth', 'Margin'],
      ['March', '12.5%', '2,500.00'],
      ['June', '8.25%', '1,750.25'],
      ['September', '-3.5%', '(125.50)'],
    ],
  },
  { kind: 'paragraph', runs: [{ text: 'The chart below shows the trend.' }] },
  { kind: 'image', width: 180, height: 90 },
  { kind: 'paragraph', runs: [{ text: 'The chart above ends the figures.' }] },
  { kind: 'page-break' },
  { kind: 'heading', level: 2, text: 'Two columns of notes' },
  {
    kind: 'columns',
    left: [
      `Left column first paragraph. ${filler('the left column')}`,
      `Left column second paragraph. ${filler('more of the left column')}`,
    ],
    right: [
      `Right column first paragraph. ${filler('the right column')}`,
      `Right column second paragraph. ${filler('more of the right column')}`,
    ],
  },
];

const PT = 2; // docx sizes are half-points
const styledRun = (font: string) => (r: StyledRun, size = BODY_SIZE) =>
  new TextRun({ text: r.text, bold: r.bold, italics: r.italic, color: r.colour, size: size * PT, font });

const BORDER = { style: BorderStyle.SINGLE, size: 6, color: '000000' };
const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

function table(rows: string[][], ruled: boolean, run: ReturnType<typeof styledRun>): Table {
  const side = ruled ? BORDER : NONE;
  return new Table({
    width: { size: 9000, type: WidthType.DXA },
    columnWidths: [3600, 2700, 2700],
    borders: { top: side, bottom: side, left: side, right: side, insideHorizontal: side, insideVertical: side },
    rows: rows.map(
      (row, r) =>
        new TableRow({
          children: row.map(
            (text, c) =>
              new TableCell({
                children: [new Paragraph({ alignment: c > 0 ? AlignmentType.RIGHT : AlignmentType.LEFT, children: [run({ text, bold: r === 0 })] })],
              }),
          ),
        }),
    ),
  });
}

/** A striped picture, so it is not a flat colour a converter could drop. */
async function picture(width: number, height: number): Promise<Buffer> {
  const stripes = Array.from({ length: 6 }, (_, i) => `<rect x="${i * (width / 6)}" y="0" width="${width / 12}" height="${height}" fill="#2a6"/>`).join('');
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fc3"/>${stripes}</svg>`))
    .png()
    .toBuffer();
}

export async function structureDocx({ font, justified }: StructureVariant = VARIANTS[0]!): Promise<Buffer> {
  const run = styledRun(font);
  const body = justified ? { alignment: AlignmentType.JUSTIFIED } : {};
  const sections: ISectionOptions[] = [];
  let children: (Paragraph | Table)[] = [];
  let pageBreak: Paragraph | undefined;
  for (const block of STRUCTURE) {
    if (block.kind === 'heading') {
      const heading = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3][block.level - 1];
      children.push(new Paragraph({ heading, spacing: { before: 240, after: 120 }, children: [run({ text: block.text, bold: true }, HEADING_SIZES[block.level])] }));
    } else if (block.kind === 'paragraph') children.push(new Paragraph({ ...body, spacing: { after: 160 }, children: block.runs.map((r) => run(r)) }));
    else if (block.kind === 'list') {
      for (const item of block.items) children.push(new Paragraph({ numbering: { reference: block.ordered ? 'numbers' : 'bullets', level: 0 }, children: [run({ text: item })] }));
    } else if (block.kind === 'table') children.push(table(block.rows, block.ruled, run), new Paragraph({ children: [] }));
    else if (block.kind === 'image') {
      const px = (pt: number) => Math.round((pt * 96) / 72);
      const data = await picture(px(block.width) * 2, px(block.height) * 2);
      children.push(new Paragraph({ children: [new ImageRun({ type: 'png', data, transformation: { width: px(block.width), height: px(block.height) } })] }));
    } else if (block.kind === 'page-break') children.push((pageBreak = new Paragraph({ children: [new PageBreak()] })));
    else {
      // The heading opens a new section (so a new page: the page break is the section's own), the
      // columns follow it on the same page in a continuous section of two columns.
      const heading = children.pop()!;
      if (children.at(-1) === pageBreak) children.pop();
      const paragraph = (text: string, first = false) =>
        new Paragraph({ ...body, spacing: { after: 160 }, children: [...(first ? [new ColumnBreak()] : []), run({ text })] });
      sections.push(
        { children },
        { children: [heading] },
        {
          properties: { type: SectionType.CONTINUOUS, column: { count: 2, space: 567 } },
          children: [...block.left.map((text) => paragraph(text)), ...block.right.map((text, i) => paragraph(text, i === 0))],
        },
      );
      children = [];
    }
  }
  if (children.length) sections.push({ children });
  return Packer.toBuffer(
    new Document({
      creator: 'Wattle structure set',
      styles: { default: { document: { run: { font, size: BODY_SIZE * PT } } } },
      numbering: {
        config: [
          { reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] },
          { reference: 'numbers', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] },
        ],
      },
      sections: sections.map((s) => ({ ...s, properties: { ...s.properties, page: { size: { width: 11906, height: 16838 }, margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } } })),
    }),
  );
}
