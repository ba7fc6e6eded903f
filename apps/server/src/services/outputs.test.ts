import { describe, expect, it } from 'vitest';
import { displayName } from '../http/upload/multipart.ts';
import { zipEntryNames } from './outputs.ts';

describe('names from users', () => {
  it('zip entries: no directories, no climbing out, no hidden or control characters, unique', () => {
    expect(zipEntryNames(['a.pdf', 'A.pdf', 'a.pdf', '../../etc/passwd', '..\\..\\win.ini', '.hidden.pdf', 'bad\u0000name\u0007.pdf', '', 'c:x.pdf'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'passwd',
      'win.ini',
      'hidden.pdf',
      'badname.pdf',
      'file',
      'cx.pdf',
    ]);
  });

  it('upload names keep the last segment only, without control characters, bounded', () => {
    expect(displayName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(displayName('../../x.pdf')).toBe('x.pdf');
    expect(displayName('a\r\nb.pdf')).toBe('ab.pdf');
    expect(displayName('x'.repeat(300))).toHaveLength(200);
    expect(displayName(undefined)).toBe('');
  });
});
