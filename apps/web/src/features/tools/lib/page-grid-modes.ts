import type { ToolId } from '@wattle/shared';

/**
 * Tools whose page option is easier to pick on thumbnails than to type. `order` rearranges pages;
 * `split` groups them into files; the others select pages: kept, removed or turned. `implies`: other
 * options a pick on the grid settles (split by ranges, not every few pages).
 */
export type PageGridMode = 'order' | 'split' | 'keep' | 'remove' | 'rotate';

export const PAGE_GRID: Partial<Record<ToolId, { field: string; mode: PageGridMode; implies?: Record<string, string> }>> = {
  split: { field: 'ranges', mode: 'split', implies: { mode: 'ranges' } },
  organize: { field: 'order', mode: 'order' },
  rotate: { field: 'pages', mode: 'rotate' },
  'extract-pages': { field: 'pages', mode: 'keep' },
  'remove-pages': { field: 'pages', mode: 'remove' },
};
