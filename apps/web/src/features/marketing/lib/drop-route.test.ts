import { describe, expect, it } from 'vitest';
import { dropRoute } from './drop-route';

const file = (name: string, type = '') => ({ name, type, size: 1000 });

describe('dropRoute', () => {
  it('offers the PDF tools for one PDF and merges several', () => {
    expect(dropRoute([file('report.pdf', 'application/pdf')])).toEqual({ kind: 'choose-pdf-tool' });
    expect(dropRoute([file('a.pdf'), file('B.PDF')])).toEqual({ kind: 'tool', toolId: 'merge' });
  });

  it('sends Word, Excel and PowerPoint files to Office to PDF', () => {
    for (const name of ['letter.docx', 'old.doc', 'budget.xlsx', 'sums.ods', 'deck.pptx', 'notes.rtf']) {
      expect(dropRoute([file(name)]), name).toEqual({ kind: 'tool', toolId: 'office-to-pdf' });
    }
  });

  it('sends images to Image to PDF, by name or by type', () => {
    expect(dropRoute([file('photo.JPG'), file('scan.png')])).toEqual({ kind: 'tool', toolId: 'image-to-pdf' });
    expect(dropRoute([file('camera-upload', 'image/jpeg')])).toEqual({ kind: 'tool', toolId: 'image-to-pdf' });
  });

  it('sends text and Markdown to Text to PDF', () => {
    expect(dropRoute([file('readme.md')])).toEqual({ kind: 'tool', toolId: 'text-to-pdf' });
    expect(dropRoute([file('notes.txt', 'text/plain')])).toEqual({ kind: 'tool', toolId: 'text-to-pdf' });
  });

  it('sends a web page, or a ZIP of one, to HTML to PDF', () => {
    expect(dropRoute([file('notice.html', 'text/html')])).toEqual({ kind: 'tool', toolId: 'html-to-pdf' });
    expect(dropRoute([file('site.zip', 'application/zip')])).toEqual({ kind: 'tool', toolId: 'html-to-pdf' });
    expect(dropRoute([file('invoice.eml')])).toEqual({ kind: 'tool', toolId: 'email-to-pdf' });
    expect(dropRoute([file('invoice.msg')])).toEqual({ kind: 'tool', toolId: 'email-to-pdf' });
  });

  it('says what went wrong for a mix of kinds, several Office files or an unknown kind', () => {
    expect(dropRoute([file('a.pdf'), file('b.docx')])).toMatchObject({ kind: 'refused', message: 'Drop files of one kind at a time: PDFs, images, or one Office or text file.' });
    expect(dropRoute([file('a.docx'), file('b.docx')])).toMatchObject({ kind: 'refused', message: 'Office to PDF converts one file at a time. Drop one file.' });
    expect(dropRoute([file('holiday.mp4', 'video/mp4')])).toMatchObject({ kind: 'refused', message: 'holiday.mp4 is not a file our tools take: drop a PDF, an image, a web page, an email, or a Word, Excel, PowerPoint or text file.' });
  });
});
