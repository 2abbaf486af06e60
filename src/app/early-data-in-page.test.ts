// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyResponse } from '../lib/early-response';
import { startEarlyData } from './early-data';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  void takeEarlyResponse('/api/homepage');
});

/** What server/first-view/ writes into index.html. */
function answerInPage(path: string, json: string, location?: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'first-view-data';
  script.dataset.path = path;
  if (location !== undefined) script.dataset.location = location;
  script.textContent = json;
  document.body.append(script);
}

describe('the answer the server put in the page', () => {
  it('is taken instead of a request, and leaves the document', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    answerInPage('/api/homepage', '{"collectionsTags":[]}');
    startEarlyData('/');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('first-view-data')).toBeNull();
    expect(await takeEarlyResponse('/api/homepage')?.then((r) => r.json())).toEqual({
      collectionsTags: [],
    });
  });

  it("is not used for another page's address: that page asks the server", () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    answerInPage('/api/audio_collection/3', '{}');
    startEarlyData('/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toContain('/api/homepage');
    expect(document.getElementById('first-view-data')).toBeNull();
  });

  it('gives a collection opened by another spelling its canonical address before the router reads it', () => {
    vi.stubGlobal('fetch', vi.fn());
    window.history.replaceState(null, '', '/collection/7?play=1#files');
    answerInPage('/api/audio_collection/7', '{}', '/collection/7-nuit-étoilée');
    startEarlyData();
    expect(window.location.pathname).toBe('/collection/7-nuit-%C3%A9toil%C3%A9e');
    expect(window.location.search).toBe('?play=1');
    expect(window.location.hash).toBe('#files');
    void takeEarlyResponse('/api/audio_collection/7');
  });

  it("ignores an address that is not this collection's", () => {
    vi.stubGlobal('fetch', vi.fn());
    for (const [address, location] of [
      ['/collection/7', '/collection/8-other'],
      ['/collection/7', '/admin/users'],
      ['/collection/7', 'https://elsewhere.example/collection/7-x'],
      // A malformed escape must not stop the app from starting.
      ['/collection/7-%E0%A4%A', '/collection/7-right'],
    ] as const) {
      window.history.replaceState(null, '', address);
      answerInPage('/api/audio_collection/7', '{}', location);
      expect(() => startEarlyData()).not.toThrow();
      expect(window.location.pathname).toBe(address);
      void takeEarlyResponse('/api/audio_collection/7');
    }
  });
});
