import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSignatures, SignatureKind } from '@wattle/shared';
import { api } from '@/lib/api-client';

export type { SignatureKind };

export const SIGNATURES_QUERY_KEY = ['profile', 'signatures'] as const;

/** The saved PNG; `updated_at` in the address so a replaced one is never served from the cache. */
export function savedSignatureUrl(kind: SignatureKind, updatedAt: string): string {
  return `/api/profile/signatures/${kind}/image?v=${encodeURIComponent(updatedAt)}`;
}

/** Only account holders have saved signatures: visitors never ask. */
export function useSavedSignatures(enabled: boolean) {
  return useQuery({
    queryKey: SIGNATURES_QUERY_KEY,
    queryFn: () => api.get<SavedSignatures>('/api/profile/signatures'),
    enabled,
  });
}

/** Fetches a saved signature's PNG, to place it like a freshly drawn one. */
export async function fetchSavedSignature(kind: SignatureKind, updatedAt: string): Promise<Blob> {
  const response = await fetch(savedSignatureUrl(kind, updatedAt), { credentials: 'same-origin' });
  if (!response.ok) throw new Error('Could not load your saved signature. Please try again.');
  return response.blob();
}

/** "Save to my profile": replaces the saved signature (or initials) with this PNG. */
export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, png }: { kind: SignatureKind; png: Blob }) => {
      const form = new FormData();
      form.set('file', png, `${kind}.png`);
      return api.put<SavedSignatures>(`/api/profile/signatures/${kind}`, form);
    },
    onSuccess: (saved) => queryClient.setQueryData(SIGNATURES_QUERY_KEY, saved),
  });
}

export function useDeleteSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: SignatureKind) => api.delete<void>(`/api/profile/signatures/${kind}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIGNATURES_QUERY_KEY }),
  });
}
