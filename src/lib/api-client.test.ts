import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./notify', () => ({ notifyError: vi.fn() }));

import { api, ApiError, errorMessageFromBody, readCookie } from './api-client';
import { notifyError } from './notify';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifyError).mockClear();
});

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(body, { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('readCookie', () => {
  it('reads and decodes one cookie', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=ab%2Fc; b=2')).toBe('ab/c');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeNull();
  });
});

describe('errorMessageFromBody', () => {
  it('uses the error field, otherwise the raw body', () => {
    expect(errorMessageFromBody('{"error":"Wrong password"}', 'Unauthorized')).toBe(
      'Wrong password',
    );
    expect(errorMessageFromBody('Bad Gateway from proxy', 'Bad Gateway')).toBe(
      'Bad Gateway from proxy',
    );
    expect(errorMessageFromBody('', 'Not Found')).toBe('Not Found');
  });
});

describe('api', () => {
  it('sends credentials, JSON and the anti-forgery header on POST', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=tok123' });
    const fetchMock = stubFetch(200, '{"ok":true}');
    await expect(api('POST', '/api/contact', { name: 'a' })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"a"}');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': 'tok123',
    });
    expect(init.signal).toBeUndefined();
  });

  it('does not send the anti-forgery header on GET', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=tok123' });
    const fetchMock = stubFetch(200, '{}');
    await api('GET', '/api/user');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('throws ApiError with the error field and shows the red toast', async () => {
    stubFetch(401, '{"error":"Wrong password"}');
    const failure = api('POST', '/api/login', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Wrong password' });
    expect(notifyError).toHaveBeenCalledWith('An error occurred', {
      description: 'Wrong password',
    });
  });

  it('stays quiet when silent', async () => {
    stubFetch(500, 'boom');
    await expect(api('GET', '/api/user', undefined, { silent: true })).rejects.toMatchObject({
      message: 'boom',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });
});
