import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR, api, buildUrl, fieldErrorsOf, toApiError } from './api-client.ts';
import { WEB_CLIENT_HEADER } from '@wattle/shared';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(api.post('/api/things', { name: 'a' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    // What vouches for a cookie request when the browser leaves Origin and Sec-Fetch-Site out.
    expect((init.headers as Record<string, string>)[WEB_CLIENT_HEADER]).toBe('1');
    expect(init.body).toBe('{"name":"a"}');
  });

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const form = new FormData();
    await expect(api.post('/api/upload', form)).resolves.toBeUndefined();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('turns the error envelope into an ApiError with code, status and details', async () => {
    stubFetch(
      Response.json(
        { error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', requestId: 'r1', details: { fieldErrors: { email: ['Bad'] } } } },
        { status: 400 },
      ),
    );
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, requestId: 'r1', message: 'Some fields are not valid.' });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Bad' });
  });

  it('reads only the one envelope; other bodies and non-JSON failures become generic errors', () => {
    expect(toApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toMatchObject({
      code: 'HTTP_401',
      status: 401,
    });
    expect(toApiError(503, { status: 'degraded' }).body).toEqual({ status: 'degraded' });
    expect(toApiError(502, undefined, 'req-9')).toMatchObject({ code: 'INTERNAL', status: 502, requestId: 'req-9' });
    expect(toApiError(404, undefined).code).toBe('HTTP_404');
  });

  it('reports a network failure with its own code', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: NETWORK_ERROR, status: 0 });
  });

  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('/api/files', { q: 'tax return', page: 2, empty: '', none: undefined })).toBe('/api/files?q=tax+return&page=2');
    expect(buildUrl('/api/files?a=1', { b: true })).toBe('/api/files?a=1&b=true');
  });
});
