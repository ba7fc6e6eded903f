import { describe, expect, it } from 'vitest';
import { zipEntryNames } from './blob-zip.ts';

describe('ZIP entry names', () => {
  it('follow the filename policy and are unique', () => {
    expect(zipEntryNames(['a.pdf', 'A.pdf', 'a.pdf', '../../etc/passwd', '..\\..\\win.ini', '.hidden.pdf', 'bad\u0000name\u0007.pdf', '', 'c:x.pdf', '\u202efdp\u0085.pdf'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'passwd',
      'win.ini',
      'hidden.pdf',
      'badname.pdf',
      'file',
      'cx.pdf',
      'fdp.pdf',
    ]);
  });
});
