import { WEB_CLIENT_HEADER } from '@wattle/shared';

/**
 * The one way the web app talks to the API: JSON in and out, same-origin cookies, and every failure
 * turned into an ApiError carrying the catalogue code. Callers branch on `code`, never on message text.
 */

export const NETWORK_ERROR = 'NETWORK_ERROR';
const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
const FALLBACK_MESSAGE = 'An unexpected error occurred. Please try again later.';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly requestId?: string;
  readonly details?: unknown;
  /** The whole parsed answer, for endpoints whose failure answers carry data (GET /api/health's 503). */
  readonly body?: unknown;

  constructor(init: { code: string; status: number; message: string; requestId?: string; details?: unknown; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Field messages from a VALIDATION_FAILED answer (`details.fieldErrors`), ready for a form's setError. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !isRecord(error.details)) return {};
  const fieldErrors = error.details.fieldErrors;
  if (!isRecord(fieldErrors)) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(fieldErrors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an error body: every API route, auth included, answers `{ error: { code, message, requestId,
 * details } }`. Anything else (a proxy's HTML page) becomes a generic error.
 */
export function toApiError(status: number, body: unknown, fallbackRequestId?: string): ApiError {
  const inner = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = typeof inner.code === 'string' && inner.code ? inner.code : status >= 500 ? 'INTERNAL' : `HTTP_${status}`;
  const message = typeof inner.message === 'string' && inner.message ? inner.message : FALLBACK_MESSAGE;
  const requestId = typeof inner.requestId === 'string' ? inner.requestId : fallbackRequestId;
  return new ApiError({ code, status, message, requestId, details: inner.details, body });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData and Blob are sent as they are. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', [WEB_CLIENT_HEADER]: '1', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: NETWORK_ERROR, status: 0, message: NETWORK_MESSAGE });
  }

  const parsed = await readJson(response);
  if (!response.ok) throw toApiError(response.status, parsed, response.headers.get('x-request-id') ?? undefined);
  return parsed as T;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
