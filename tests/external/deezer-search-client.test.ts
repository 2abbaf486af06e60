import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DeezerSearchClient } from '../../server/modules/external/deezer-search.client';
import { startFakeDeezer, type FakeDeezer } from '../helpers/fake-deezer';

let fake: FakeDeezer;

beforeAll(async () => {
  fake = await startFakeDeezer();
});
afterAll(async () => {
  await fake.close();
});

describe('DeezerSearchClient', () => {
  it('gives up after the timeout with a 502', async () => {
    fake.set({ delayMs: 500 });
    const client = new DeezerSearchClient(fake.url, { timeoutMs: 100 });
    await expect(client.search('x', 0)).rejects.toMatchObject({
      statusCode: 502,
      message: 'The external catalogue did not answer: no answer within 0.1 seconds',
    });
    fake.set({});
  });

  it('refuses an answer larger than the cap', async () => {
    const client = new DeezerSearchClient(fake.url, { maxBytes: 1000 });
    await expect(client.search('*', 0)).rejects.toMatchObject({
      statusCode: 502,
      message: 'The external catalogue did not answer: the answer is too large',
    });
  });

  it('answers 502 when nothing listens', async () => {
    const closed = await startFakeDeezer();
    await closed.close();
    await expect(new DeezerSearchClient(closed.url).search('x', 0)).rejects.toMatchObject({
      statusCode: 502,
    });
  });

  it('drops tracks without a link and answers an empty page with next null', async () => {
    fake.set({ rawBody: JSON.stringify({ data: [{ title: 'no link' }], total: 1 }) });
    expect(await new DeezerSearchClient(fake.url).search('x', 0)).toEqual({
      data: [],
      total: 1,
      next: null,
    });
    fake.set({});
  });
});

describe('EXTERNAL_SEARCH_URL', () => {
  it("defaults to Deezer's public API and trims a trailing slash", () => {
    expect(loadConfig({}).externalSearchUrl).toBe('https://api.deezer.com');
    expect(
      loadConfig({ EXTERNAL_SEARCH_URL: 'http://127.0.0.1:9/deezer/' }).externalSearchUrl,
    ).toBe('http://127.0.0.1:9/deezer');
  });

  it('must be an http(s) URL', () => {
    expect(() => loadConfig({ EXTERNAL_SEARCH_URL: 'file:///etc/passwd' })).toThrow(
      /EXTERNAL_SEARCH_URL/,
    );
    expect(() => loadConfig({ EXTERNAL_SEARCH_URL: 'not a url' })).toThrow(/EXTERNAL_SEARCH_URL/);
  });
});
