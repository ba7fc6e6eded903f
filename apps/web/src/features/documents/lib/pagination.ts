export type PageItem = number | 'gap';

/**
 * The numbered buttons for `current` of `totalPages`: all of them when few, otherwise the first, the
 * last and the neighbours of the current page, with gaps between (1 … 4 5 6 … 10000).
 */
export function pageItems(current: number, totalPages: number, neighbours = 1): PageItem[] {
  if (totalPages <= 5 + 2 * neighbours) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const start = Math.max(Math.min(current - neighbours, totalPages - 2 * neighbours - 2), 3);
  const end = Math.min(Math.max(current + neighbours, 2 * neighbours + 3), totalPages - 2);
  const items: PageItem[] = [1, start > 3 ? 'gap' : 2];
  for (let page = start; page <= end; page++) items.push(page);
  items.push(end < totalPages - 2 ? 'gap' : totalPages - 1, totalPages);
  return items;
}

export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
