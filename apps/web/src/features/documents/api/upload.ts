import { ApiError, NETWORK_ERROR, toApiError } from '@/lib/api-client';
import type { DocumentItem } from '@wattle/shared';

/**
 * `POST /api/documents` with one file, through XMLHttpRequest because fetch cannot report upload
 * progress. `onProgress` gets the share of the body sent, 0 to 1. Failures are ApiErrors with the
 * server's catalogue code.
 */
export function uploadDocument(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<DocumentItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        onProgress(1);
        resolve(xhr.response as DocumentItem);
      } else {
        reject(toApiError(xhr.status, xhr.response, xhr.getResponseHeader('x-request-id') ?? undefined));
      }
    };
    xhr.onerror = () => reject(new ApiError({ code: NETWORK_ERROR, status: 0, message: 'Could not reach the server. Check your connection and try again.' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
