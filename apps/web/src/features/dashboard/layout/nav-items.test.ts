import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS } from './nav-items';

const active = (pathname: string, search = '') => NAV_ITEMS.filter((item) => isNavItemActive(item, { pathname, search })).map((i) => i.label);

describe('sidebar', () => {
  it("lists every entry of the spec, in order, with the spec's targets", () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Documents', '/dashboard/documents'],
      ['Upload PDFs', '/dashboard/documents?upload=true'],
      ['Batch Process', '/dashboard/batch'],
      ['Create PDF', '/dashboard/create'],
      ['Edit PDF', '/dashboard/edit'],
      ['All PDF Tools', '/tools'],
      ['Share PDFs', '/dashboard/share'],
      ['Downloads', '/dashboard/downloads'],
      ['Team', '/dashboard/team'],
      ['Profile', '/dashboard/profile'],
      ['Settings', '/dashboard/settings'],
      ['Support', '/dashboard/support'],
    ]);
  });

  it('marks exactly one entry current', () => {
    expect(active('/dashboard')).toEqual(['Dashboard']);
    expect(active('/dashboard/')).toEqual(['Dashboard']);
    expect(active('/dashboard/documents')).toEqual(['My Documents']);
    expect(active('/dashboard/documents', '?upload=true')).toEqual(['Upload PDFs']);
    expect(active('/dashboard/documents', '?page=2&upload=false')).toEqual(['My Documents']);
    expect(active('/dashboard/downloads/abc')).toEqual(['Downloads']);
    expect(active('/dashboard/settings')).toEqual(['Settings']);
    expect(active('/dashboard/notifications')).toEqual([]);
  });
});
