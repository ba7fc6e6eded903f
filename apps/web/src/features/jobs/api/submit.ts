import { WEB_CLIENT_HEADER } from '@wattle/shared';
import { ApiError, NETWORK_ERROR, toApiError } from '@/lib/api-client';

/**
 * What a job or a batch runs on: the tool, its options, uploads (in order), stored documents and earlier outputs.
 * Sent with XHR rather than fetch because only XHR reports upload progress.
 */
export interface JobRequest {
  tool: string;
  options: Record<string, unknown>;
  files: File[];
  fileIds: string[];
  outputIds?: string[];
}

export interface SubmitOptions {
  /** Share of the upload sent so far, 0–1. */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function jobFormData({ tool, options, files, fileIds, outputIds = [] }: JobRequest): FormData {
  // Text fields first: the server refuses a full queue or a missing engine before reading the files.
  const form = new FormData();
  form.append('tool', tool);
  form.append('options', JSON.stringify(options));
  if (fileIds.length > 0) form.append('fileIds', JSON.stringify(fileIds));
  if (outputIds.length > 0) form.append('outputIds', JSON.stringify(outputIds));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** POSTs the request as multipart and resolves with the JSON answer (202), or rejects with an ApiError. */
export function submitMultipart<T>(url: string, request: JobRequest, { onUploadProgress, signal }: SubmitOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(WEB_CLIENT_HEADER, '1');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onUploadProgress?.(1);
        resolve(body as T);
      } else {
        reject(toApiError(xhr.status, body, xhr.getResponseHeader('x-request-id') ?? undefined));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ code: NETWORK_ERROR, status: 0, message: 'Could not reach the server. Check your connection and try again.' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(jobFormData(request));
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
