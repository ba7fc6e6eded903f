import type { ToolId } from '@wattle/shared';

/**
 * Tools whose page option is easier to pick on thumbnails than to type. `order` rearranges pages;
 * the others select pages: kept, removed or turned.
 */
export type PageGridMode = 'order' | 'keep' | 'remove' | 'rotate';

export const PAGE_GRID: Partial<Record<ToolId, { field: string; mode: PageGridMode }>> = {
  organize: { field: 'order', mode: 'order' },
  rotate: { field: 'pages', mode: 'rotate' },
  'extract-pages': { field: 'pages', mode: 'keep' },
  'remove-pages': { field: 'pages', mode: 'remove' },
};
