import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkNewFiles, describeKinds, kindOfFile } from './file-checks';

const pdf = (name: string, size = 1000) => ({ name, size, type: 'application/pdf' });

describe('file checks', () => {
  it('builds the accept attribute and describes kinds', () => {
    expect(acceptAttribute(['pdf'])).toBe('.pdf,application/pdf');
    expect(describeKinds(['pdf'])).toBe('PDF');
    expect(describeKinds(['jpeg', 'png', 'gif'])).toBe('JPEG, PNG or GIF');
  });

  it('recognises kinds by extension or MIME type', () => {
    expect(kindOfFile({ name: 'Scan.JPG', size: 1, type: '' }, ['jpeg', 'png'])).toBe('jpeg');
    expect(kindOfFile({ name: 'noext', size: 1, type: 'application/pdf' }, ['pdf'])).toBe('pdf');
    expect(kindOfFile({ name: 'notes.docx', size: 1, type: '' }, ['pdf'])).toBeUndefined();
  });

  it('refuses wrong types, empty and oversized files with their names', () => {
    const result = checkNewFiles(
      [pdf('a.pdf'), { name: 'b.docx', size: 5, type: '' }, pdf('empty.pdf', 0), pdf('big.pdf', 11 * 1024 * 1024)],
      [],
      { accepts: ['pdf'], maxFiles: 10, maxFileBytes: 10 * 1024 * 1024 },
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(result.errors).toEqual([
      '"b.docx" is not a file this tool takes. Choose PDF files.',
      '"empty.pdf" is empty.',
      '"big.pdf" is larger than 10 MB, the most one file can be.',
    ]);
  });

  it('keeps to the maximum number of files and total size', () => {
    expect(checkNewFiles([pdf('a.pdf'), pdf('b.pdf')], [], { accepts: ['pdf'], maxFiles: 1 })).toEqual({
      accepted: [pdf('a.pdf')],
      errors: ['This tool takes one file at a time.'],
    });
    expect(checkNewFiles([pdf('c.pdf'), pdf('d.pdf')], [{ size: 1 }, { size: 1 }], { accepts: ['pdf'], maxFiles: 3 }).errors).toEqual([
      'This tool takes at most 3 files; 1 was left out.',
    ]);
    const total = checkNewFiles([pdf('a.pdf', 600), pdf('b.pdf', 600)], [], { accepts: ['pdf'], maxFiles: 5, maxTotalBytes: 1000 });
    expect(total.accepted).toHaveLength(1);
    expect(total.errors[0]).toBe('"b.pdf" would take the files over 1000 Bytes in total.');
  });
});
