import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLink, Link, LinkAnalytics, LinkPage, LinkVisitPage, UpdateLink } from '@wattle/shared';
import { refreshDocuments } from '@/features/documents/api/documents';
import { api } from '@/lib/api-client';

export const LINKS_KEY = ['links'] as const;

const linkPath = (id: string, action = '') => `/api/v1/links/${encodeURIComponent(id)}${action}`;

/** One page of the account's links, newest first. */
export function useLinks(page: number) {
  return useQuery({
    queryKey: [...LINKS_KEY, 'list', { page }],
    queryFn: ({ signal }) => api.get<LinkPage>('/api/v1/links', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLinkAnalytics(id: string) {
  return useQuery({ queryKey: [...LINKS_KEY, id, 'analytics'], queryFn: ({ signal }) => api.get<LinkAnalytics>(linkPath(id, '/analytics'), { signal }) });
}

export function useLinkVisits(id: string, page: number) {
  return useQuery({
    queryKey: [...LINKS_KEY, id, 'visits', { page }],
    queryFn: ({ signal }) => api.get<LinkVisitPage>(linkPath(id, '/visits'), { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Links change My Documents' link counts too. */
function useRefreshLinks() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: LINKS_KEY }), refreshDocuments(queryClient)]);
}

export function useCreateLink() {
  const refresh = useRefreshLinks();
  return useMutation({ mutationFn: (body: CreateLink) => api.post<Link>('/api/v1/links', body), onSuccess: refresh });
}

export function useUpdateLink() {
  const refresh = useRefreshLinks();
  return useMutation({ mutationFn: ({ id, changes }: { id: string; changes: UpdateLink }) => api.patch<Link>(linkPath(id), changes), onSuccess: refresh });
}

export function useRevokeLink() {
  const refresh = useRefreshLinks();
  return useMutation({ mutationFn: (id: string) => api.post<Link>(linkPath(id, '/revoke')), onSuccess: refresh });
}

export function useDeleteLink() {
  const refresh = useRefreshLinks();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(linkPath(id)), onSuccess: refresh });
}
