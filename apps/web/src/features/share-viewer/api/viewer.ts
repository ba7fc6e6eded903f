import { useQuery } from '@tanstack/react-query';
import { WEB_CLIENT_HEADER, type ShareDwell, type ShareViewerInfo, type StartShareVisit } from '@wattle/shared';
import { api } from '@/lib/api-client';

/** The viewer's calls (`/api/s/:token`): the token in the path is the only key; the visit cookie is the server's. */

export const viewerInfoKey = (token: string) => ['share-viewer', token] as const;

export const shareApiPath = (token: string) => `/api/s/${encodeURIComponent(token)}`;

export function useViewerInfo(token: string) {
  // A 404 or 410 is an answer, not a hiccup: no retries.
  return useQuery({ queryKey: viewerInfoKey(token), queryFn: () => api.get<ShareViewerInfo>(shareApiPath(token)), retry: false, staleTime: Infinity });
}

export const startVisit = (token: string, body: StartShareVisit) => api.post<{ visitId: string }>(`${shareApiPath(token)}/visits`, body);

export const requestEmailCode = (token: string, email: string) => api.post<void>(`${shareApiPath(token)}/email-code`, { email });

export const pageImageUrl = (token: string, page: number, width: number) => `${shareApiPath(token)}/pages/${page}?width=${width}`;

export const downloadUrl = (token: string) => `${shareApiPath(token)}/download`;

/** Dwell reports: a beacon when the page is going away (it outlives the page), else a plain request. */
export function reportDwell(token: string, body: ShareDwell, leaving: boolean): void {
  const url = `${shareApiPath(token)}/time`;
  const json = JSON.stringify(body);
  if (leaving && navigator.sendBeacon?.(url, new Blob([json], { type: 'application/json' }))) return;
  void fetch(url, { method: 'POST', body: json, headers: { 'Content-Type': 'application/json', [WEB_CLIENT_HEADER]: '1' }, credentials: 'same-origin', keepalive: true }).catch(() => {});
}
