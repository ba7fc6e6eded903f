import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentItem } from '@wattle/shared';
import { refreshDocuments } from '@/features/documents/api/documents';
import { api } from '@/lib/api-client';

/** One saved state of a stored document (newest first in the list). */
export interface DocumentVersion {
  version: number;
  file_size: number;
  page_count: number | null;
  created_at: string;
  current: boolean;
}

const base = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/versions`;
export const versionsKey = (documentId: string) => ['documents', documentId, 'versions'] as const;

export function versionDownloadUrl(documentId: string, version: number): string {
  return `${base(documentId)}/${version}/download`;
}

export function useVersions(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(documentId),
    queryFn: ({ signal }) => api.get<{ items: DocumentVersion[] }>(base(documentId), { signal }).then((r) => r.items),
    enabled,
  });
}

/** A finished edit job's output becomes the document's new current version. */
export function saveVersion(documentId: string, outputId: string): Promise<DocumentItem> {
  return api.post<DocumentItem>(base(documentId), { outputId });
}

export function useRestoreVersion(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.post<DocumentItem>(`${base(documentId)}/${version}/restore`),
    onSettled: () => refreshDocuments(queryClient),
  });
}
