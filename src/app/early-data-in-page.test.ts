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
function answerInPage(path: string, json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'first-view-data';
  script.dataset.path = path;
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
});
