import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./notify', () => ({ notifyError: vi.fn() }));

import { api } from './api-client';
import { provideEarlyResponse, startEarlyResponse, takeEarlyResponse } from './early-response';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  void takeEarlyResponse('/api/homepage');
});

function stubFetch() {
  let n = 0;
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ n: (n += 1) }))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the early response', () => {
  it('answers the first GET of its address, once; later calls ask the server again', async () => {
    const fetchMock = stubFetch();
    void startEarlyResponse('/api/homepage');
    expect(await api('GET', '/api/homepage')).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api('GET', '/api/homepage')).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an answer found in the page answers the first GET without a request, once', async () => {
    const fetchMock = stubFetch();
    provideEarlyResponse('/api/homepage', '{"inPage":true}');
    expect(await api('GET', '/api/homepage')).toEqual({ inPage: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('GET', '/api/homepage')).toEqual({ n: 1 });
  });

  it('is not used for another address or another method', async () => {
    const fetchMock = stubFetch();
    void startEarlyResponse('/api/homepage');
    await api('GET', '/api/homepage?x=1');
    await api('PUT', '/api/homepage', {});
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(takeEarlyResponse('/api/homepage')).not.toBeNull();
  });

  it('goes stale: an answer older than 15 s is not handed out', () => {
    stubFetch();
    vi.useFakeTimers();
    void startEarlyResponse('/api/homepage');
    vi.advanceTimersByTime(15_001);
    expect(takeEarlyResponse('/api/homepage')).toBeNull();
  });

  it('a failed early request fails the call that takes it like its own request would', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    void startEarlyResponse('/api/homepage');
    await expect(api('GET', '/api/homepage', undefined, { silent: true })).rejects.toMatchObject({
      status: 0,
    });
  });
});
