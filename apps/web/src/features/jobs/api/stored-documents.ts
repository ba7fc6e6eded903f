import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A document in My Documents, as the documents API lists it. */
export interface StoredDocument {
  id: string;
  filename: string;
  file_size: number;
  uploaded_at: string;
}

interface DocumentPage {
  items: StoredDocument[];
  total: number;
  page: number;
  pageSize: number;
}

/** One page of the account's documents for the picker, newest first, filtered by name. */
export function useStoredDocuments(search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['documents', 'list', { search, page }],
    queryFn: () => api.get<DocumentPage>('/api/documents', { query: { search, page } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The bytes of a stored document (for page thumbnails). */
export async function fetchStoredDocument(id: string): Promise<Blob> {
  const response = await fetch(`/api/documents/${encodeURIComponent(id)}/download`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error('The document could not be loaded.');
  return response.blob();
}
