import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { styledRuns } from './lines.ts';
import { documentLayout, type DocumentLayout } from './document.ts';
import { openPdf } from './page-content.ts';

/** Pages drawn with pdf-lib, read back through pdfjs: the analysis, not the writers. */
async function layoutOf(
  draw: (page: ReturnType<PDFDocument['addPage']>, fonts: { regular: Awaited<ReturnType<PDFDocument['embedFont']>>; bold: Awaited<ReturnType<PDFDocument['embedFont']>> }, index: number) => void,
  pages = 1,
): Promise<DocumentLayout> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  for (let i = 0; i < pages; i++) draw(doc.addPage([595, 842]), fonts, i);
  const pdf = await openPdf(await doc.save(), 1e8);
  try {
    return await documentLayout(pdf, 1e6);
  } finally {
    await pdf.destroy();
  }
}

const texts = (layout: DocumentLayout) =>
  layout.pages[0]!.blocks.map((b) => (b.kind === 'paragraph' ? styledRuns(b.lines).map((r) => r.text).join('') : b.kind));

describe('layout analysis', () => {
  it('reads two columns one after the other even when their lines are drawn side by side', async () => {
    const left = ['Left one starts the story of the', 'quarter with a long line of words', 'that carries on for a while here.'];
    const right = ['Right one follows on with more of', 'the same kind of text in its own', 'column until it ends right here.'];
    const layout = await layoutOf((page, { regular }) => {
      for (let i = 0; i < 3; i++) {
        page.drawText(left[i]!, { x: 50, y: 700 - i * 14, size: 11, font: regular });
        page.drawText(right[i]!, { x: 320, y: 700 - i * 14, size: 11, font: regular });
      }
    });
    expect(texts(layout)).toEqual([left.join(' '), right.join(' ')]);
  });

  it('finds lists with inline markers, headings by size and weight, and run styles', async () => {
    const layout = await layoutOf((page, { regular, bold }) => {
      page.drawText('Shopping', { x: 50, y: 760, size: 18, font: bold });
      page.drawText('Fruit we need', { x: 50, y: 730, size: 11, font: bold });
      ['• Apples', '• Pears'].forEach((t, i) => page.drawText(t, { x: 60, y: 710 - i * 14, size: 11, font: regular }));
      ['1. Wash them', '2. Cut them'].forEach((t, i) => page.drawText(t, { x: 60, y: 660 - i * 14, size: 11, font: regular }));
      page.drawText('Plain and', { x: 50, y: 610, size: 11, font: regular });
      page.drawText('red', { x: 50 + regular.widthOfTextAtSize('Plain and ', 11), y: 610, size: 11, font: regular, color: rgb(1, 0, 0) });
    });
    const blocks = layout.pages[0]!.blocks.filter((b) => b.kind === 'paragraph');
    expect(texts(layout)).toEqual(['Shopping', 'Fruit we need', 'Apples', 'Pears', 'Wash them', 'Cut them', 'Plain and red']);
    expect(blocks.map((b) => layout.headingLevel.get(b))).toEqual([1, 2, undefined, undefined, undefined, undefined, undefined]);
    expect(blocks.map((b) => layout.list.get(b)?.format)).toEqual([undefined, undefined, 'bullet', 'bullet', 'decimal', 'decimal', undefined]);
    const runs = styledRuns(blocks.at(-1)!.lines);
    expect(runs.map((r) => [r.text, r.style.colour, r.style.font])).toEqual([['Plain and ', '000000', 'Helvetica'], ['red', 'FF0000', 'Helvetica']]);
  });

  it('takes a line repeated at the head or foot of every page out of the text, numbered only when the number counts the pages', async () => {
    const layout = await layoutOf((page, { regular }, i) => {
      page.drawText('Wattle quarterly report', { x: 50, y: 800, size: 9, font: regular });
      page.drawText(`Chapter ${[1, 1, 2][i]}`, { x: 50, y: 760, size: 11, font: regular });
      page.drawText('The body of the page, long enough to be a paragraph of its own.', { x: 50, y: 500, size: 11, font: regular });
      page.drawText(`Page ${i + 1} of 3`, { x: 270, y: 30, size: 9, font: regular });
    }, 3);
    expect(layout.running.header).toMatchObject({ numbered: false });
    expect(styledRuns(layout.running.header!.paragraph.lines)[0]!.text).toBe('Wattle quarterly report');
    expect(layout.running.footer).toMatchObject({ numbered: true });
    expect(layout.pages.map((p) => p.blocks.map((b) => (b.kind === 'paragraph' ? styledRuns(b.lines)[0]!.text : b.kind)))).toEqual(
      [1, 1, 2].map((chapter) => [`Chapter ${chapter}`, 'The body of the page, long enough to be a paragraph of its own.']),
    );
    // Without the header line, "Chapter 1, 1, 2" heads the pages: a number that does not count them stays in the text.
    const chapters = await layoutOf((page, { regular }, i) => {
      page.drawText(`Chapter ${[1, 1, 2][i]}`, { x: 50, y: 800, size: 11, font: regular });
      page.drawText('The body of the page.', { x: 50, y: 500, size: 11, font: regular });
    }, 3);
    expect(chapters.running.header).toBeUndefined();
    expect(chapters.pages.map((p) => p.blocks.length)).toEqual([2, 2, 2]);
  });
});
