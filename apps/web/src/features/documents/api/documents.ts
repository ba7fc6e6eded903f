import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_STORAGE_LIMIT, type DocumentItem, type DocumentPage, type DocumentSort, type SortOrder, type Usage } from '@wattle/shared';
import { api } from '@/lib/api-client';

/** Prefixes the realtime stream invalidates on documents.changed and usage.changed. */
export const DOCUMENTS_KEY = ['documents'] as const;
export const USAGE_KEY = ['usage'] as const;

export function documentUrl(id: string, action: 'download'): string {
  return `/api/documents/${encodeURIComponent(id)}/${action}`;
}

/** The ZIP of the chosen documents, streamed by the server: a plain link saves it without holding it in memory. */
export function documentsZipUrl(ids: readonly string[]): string {
  return `/api/documents/zip?ids=${ids.map(encodeURIComponent).join(',')}`;
}

export interface DocumentOrder {
  sort: DocumentSort;
  order: SortOrder;
}

export const NEWEST_FIRST: DocumentOrder = { sort: 'date', order: 'desc' };

/** One page of the account's PDFs, sorted by the server (newest first unless asked); the previous page stays on screen while the next loads. */
export function useDocuments(page: number, search: string, { sort, order }: DocumentOrder = NEWEST_FIRST) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'list', { page, search, sort, order }],
    queryFn: ({ signal }) => api.get<DocumentPage>('/api/documents', { query: { page, search, sort, order }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsage() {
  return useQuery({ queryKey: USAGE_KEY, queryFn: ({ signal }) => api.get<Usage>('/api/usage', { signal }) });
}

/** The limit the browser checks against: the account's, or the spec's default when none is known yet. */
export function storageLimitOf(usage: Usage | undefined): number {
  return usage?.storage_limit || DEFAULT_STORAGE_LIMIT;
}

/** Deletes each document (one request each, the way the API takes them); fails if any failed. */
export function useDeleteDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => api.delete<void>(`/api/documents/${encodeURIComponent(id)}`)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    onSettled: () => refreshDocuments(queryClient),
  });
}

export function refreshDocuments(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([DOCUMENTS_KEY, USAGE_KEY, ['dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The stored bytes, for the preview and for saving a copy. */
export async function fetchDocumentBytes(id: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(documentUrl(id, 'download'), { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  return response.arrayBuffer();
}

/** Saves the file in the browser under its own name. A failure is only logged (spec section 8). */
export async function downloadDocument(doc: Pick<DocumentItem, 'id' | 'filename'>): Promise<void> {
  try {
    const bytes = await fetchDocumentBytes(doc.id);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = doc.filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start saving before the address is released.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    console.error('Download failed', error);
  }
}
