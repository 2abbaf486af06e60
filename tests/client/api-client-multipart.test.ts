import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/notify', () => ({ notifyError: vi.fn() }));

import { api } from '../../src/lib/api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(body: string) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(body, { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=tok123' });
  return fetchMock;
}

const sentInit = (fetchMock: ReturnType<typeof stubFetch>) =>
  (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];

describe('api with a FormData body (POST /downloader/upload/{id})', () => {
  it('sends the form untouched, without a JSON Content-Type, with the anti-forgery header', async () => {
    const fetchMock = stubFetch('{"collectionImageHash":"abc"}');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'cover.png');
    await expect(api('POST', '/downloader/upload/7', form)).resolves.toEqual({
      collectionImageHash: 'abc',
    });
    const init = sentInit(fetchMock);
    // The same object: fetch derives multipart/form-data with its boundary from it.
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toMatchObject({ 'X-XSRF-TOKEN': 'tok123' });
    expect(init.credentials).toBe('include');
  });

  it('still sends other bodies as JSON', async () => {
    const fetchMock = stubFetch('{}');
    await api('POST', '/api/contact', { name: 'a' });
    const init = sentInit(fetchMock);
    expect(init.body).toBe('{"name":"a"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });
});
