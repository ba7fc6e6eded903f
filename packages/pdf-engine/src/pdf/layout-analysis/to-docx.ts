import { AlignmentType, BorderStyle, Document, Footer, Header, HeadingLevel, ImageRun, LevelFormat, Packer, PageBreak, PageNumber, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { cellValue, type Table as PageTable } from '../table.ts';
import type { DocumentLayout, ListFormat, RunningLine } from './document.ts';
import type { PageFlow, Paragraph as PageParagraph } from './flow.ts';
import { lineText, styledRuns, type Line } from './lines.ts';
import type { TextStyle } from './page-content.ts';

/**
 * A DocumentLayout as a Word document: paragraphs with their runs' fonts, sizes, bold, italic and
 * colours; heading styles; Word lists (numbering, so they stay lists when edited); real tables,
 * ruled or not; images inline where they stood; a page break where each page began.
 */

const twips = (points: number) => Math.round(points * 20);
const pixels = (points: number) => Math.round((points * 96) / 72);
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const FORMATS: Record<ListFormat, { format: (typeof LevelFormat)[keyof typeof LevelFormat]; text: (level: number) => string }> = {
  bullet: { format: LevelFormat.BULLET, text: (l) => ['•', '◦', '▪'][l % 3]! },
  decimal: { format: LevelFormat.DECIMAL, text: (l) => `%${l + 1}.` },
  lowerLetter: { format: LevelFormat.LOWER_LETTER, text: (l) => `%${l + 1})` },
  upperLetter: { format: LevelFormat.UPPER_LETTER, text: (l) => `%${l + 1}.` },
  lowerRoman: { format: LevelFormat.LOWER_ROMAN, text: (l) => `%${l + 1}.` },
  upperRoman: { format: LevelFormat.UPPER_ROMAN, text: (l) => `%${l + 1}.` },
};
/** The number a marker stands for: "3." is 3, "c)" is 3, "iv." is 4; bullets have none. */
function markerNumber(marker: string, format: ListFormat): number | undefined {
  const core = marker.replace(/^\(|[.)]$/g, '').toLowerCase();
  if (format === 'decimal') return Number(core);
  if (format === 'lowerLetter' || format === 'upperLetter') return core.charCodeAt(0) - 96;
  if (format === 'lowerRoman' || format === 'upperRoman') {
    const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
    return [...core].reduce((sum, c, i) => sum + ((values[core[i + 1] ?? ''] ?? 0) > values[c]! ? -values[c]! : values[c]!), 0);
  }
  return undefined;
}

const LINE = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

const runStyle = (style: TextStyle) => ({ font: style.font, size: Math.round(style.size * 2), bold: style.bold, italics: style.italic, ...(style.colour !== '000000' && { color: style.colour }) });
const textRuns = (lines: Line[]) => styledRuns(lines).map((r) => new TextRun({ text: r.text, ...runStyle(r.style) }));

/** A running header or footer's paragraph; a number that counts the pages becomes Word's page-number field. */
function runningParagraph({ paragraph, numbered }: RunningLine): Paragraph {
  if (!numbered) return new Paragraph({ children: textRuns(paragraph.lines) });
  const style = runStyle(paragraph.lines[0]!.words[0]!.style);
  // The first number counts the pages (document.ts checks it); "of 12" after it stays as it is.
  const [, before, after] = /^(\D*)\d+([\s\S]*)$/.exec(paragraph.lines.map(lineText).join(' '))!;
  return new Paragraph({ children: [new TextRun({ ...style, text: before }), new TextRun({ ...style, children: [PageNumber.CURRENT] }), new TextRun({ ...style, text: after })] });
}

function table(t: PageTable): Table {
  const widths = t.edges.slice(1).map((x, i) => twips(x - t.edges[i]!));
  const side = t.ruled ? LINE : NONE;
  return new Table({
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    columnWidths: widths,
    borders: { top: side, bottom: side, left: side, right: side, insideHorizontal: side, insideVertical: side },
    rows: t.cells.map(
      (row) =>
        new TableRow({
          children: row.map((lines, c) => {
            const text = lines.map((l) => l.words.map((w) => w.text).join(' ')).join(' ');
            const numeric = typeof cellValue(text).value === 'number';
            return new TableCell({
              width: { size: widths[c]!, type: WidthType.DXA },
              children: [new Paragraph({ ...(numeric && { alignment: AlignmentType.RIGHT }), children: textRuns(lines) })],
            });
          }),
        }),
    ),
  });
}

/** Consecutive pages of one size share a section; a new size starts a new section (and so a new page). */
interface Section {
  width: number;
  height: number;
  pages: PageFlow[];
  children: (Paragraph | Table)[];
}

/** Side margins from the section's content: its leftmost and rightmost text, within reason. */
function margins(section: Section): { left: number; right: number } {
  const boxes: { x0: number; x1: number }[] = section.pages.flatMap((p) => p.blocks.flatMap((b): { x0: number; x1: number }[] => (b.kind === 'paragraph' ? b.lines : [b.kind === 'table' ? b.table : b.image])));
  return {
    left: twips(Math.max(18, Math.min(144, ...boxes.map((b) => b.x0)))),
    right: twips(Math.max(18, Math.min(144, ...boxes.map((b) => section.width - b.x1)))),
  };
}

export async function layoutToDocx(layout: DocumentLayout): Promise<Buffer> {
  const sections: Section[] = [];
  const instances = new Map<string, number>();
  const references = new Map<string, { format: ListFormat; start: number }>();
  let reference = '';
  let previousList: { format: ListFormat; number: number } | undefined;
  for (const page of layout.pages) {
    let section = sections.at(-1);
    // Within a section a page break run starts each page; a new section starts its own page.
    let pageBreak = section !== undefined;
    if (!section || Math.abs(section.width - page.width) > 1 || Math.abs(section.height - page.height) > 1) {
      sections.push((section = { width: page.width, height: page.height, pages: [], children: [] }));
      pageBreak = false;
    }
    section.pages.push(page);
    const children = section.children;
    const breakRun = () => {
      const run = pageBreak ? [new PageBreak()] : [];
      pageBreak = false;
      return run;
    };
    for (const block of page.blocks) {
      if (block.kind === 'table') {
        if (pageBreak) children.push(new Paragraph({ children: breakRun() }));
        children.push(table(block.table), new Paragraph({ children: [] }));
        previousList = undefined;
      } else if (block.kind === 'image') {
        const { x0, x1, top, bottom, png } = block.image;
        children.push(new Paragraph({ children: [...breakRun(), new ImageRun({ type: 'png', data: png, transformation: { width: pixels(x1 - x0), height: pixels(bottom - top) } })] }));
        previousList = undefined;
      } else children.push(paragraph(block, breakRun()));
    }
  }

  function paragraph(block: PageParagraph, lead: PageBreak[]): Paragraph {
    const level = layout.headingLevel.get(block);
    const list = layout.list.get(block);
    let numbering;
    if (list) {
      // A list continues while the numbers follow on; otherwise a new list starts at its first number.
      const number = markerNumber(block.marker!, list.format);
      const follows = previousList?.format === list.format && (number === undefined || list.level > 0 || number === previousList.number + 1);
      if (!follows) {
        const start = list.level === 0 ? (number ?? 1) : 1;
        reference = `${list.format}-${start}`;
        references.set(reference, { format: list.format, start });
        instances.set(reference, (instances.get(reference) ?? 0) + 1);
      }
      numbering = { reference, level: list.level, instance: instances.get(reference)! };
      previousList = { format: list.format, number: list.level === 0 && number !== undefined ? number : (previousList?.number ?? 0) };
    } else previousList = undefined;
    return new Paragraph({
      ...(level && { heading: HEADINGS[level - 1] }),
      ...(numbering && { numbering }),
      spacing: level ? { before: 240, after: 120 } : { after: list ? 40 : 120 },
      children: [...lead, ...textRuns(block.lines)],
    });
  }

  const bodyFont = layout.pages.flatMap((p) => p.blocks).find((b): b is PageParagraph => b.kind === 'paragraph' && !layout.headingLevel.has(b))?.lines[0]?.words[0]?.style.font;
  return Packer.toBuffer(
    new Document({
      creator: 'Wattle PDF',
      styles: { default: { document: { run: { size: Math.round(layout.bodySize * 2), ...(bodyFont && { font: bodyFont }) } } } },
      numbering: {
        config: [...references].map(([reference, { format, start }]) => ({
          reference,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: FORMATS[format].format,
            text: FORMATS[format].text(level),
            start: level === 0 ? start : 1,
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        })),
      },
      sections: (sections.length ? sections : [{ width: 595.28, height: 841.89, pages: [], children: [] }]).map((section) => ({
        properties: { page: { size: { width: twips(section.width), height: twips(section.height) }, margin: { top: 720, bottom: 720, ...margins(section) } } },
        ...(layout.running.header && { headers: { default: new Header({ children: [runningParagraph(layout.running.header)] }) } }),
        ...(layout.running.footer && { footers: { default: new Footer({ children: [runningParagraph(layout.running.footer)] }) } }),
        children: section.children.length ? section.children : [new Paragraph({ children: [] })],
      })),
    }),
  );
}
