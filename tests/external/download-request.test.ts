import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let user: TestClient;

const NOT_YET =
  'Queueing external downloads is not available yet: the downloader arrives with the servers feature.';

beforeAll(async () => {
  t = await createTestApp();
  user = new TestClient(t.app);
  await user.register({ username: 'queuer' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /downloader/request/{server}', () => {
  const body = { platform: 'deezer', url: 'https://www.deezer.com/track/1001' };

  it('answers 501 with a clear message for a valid request', async () => {
    const response = await user.post('/downloader/request/main', body);
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ error: NOT_YET });
  });

  it('refuses bad input with 400', async () => {
    for (const bad of [
      {},
      { platform: 'deezer' },
      { platform: '', url: body.url },
      { ...body, url: 'nope' },
    ]) {
      expect(
        (await user.post('/downloader/request/main', bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect((await user.post('/downloader/request/bad%20name', body)).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await new TestClient(t.app).post('/downloader/request/main', body)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /downloader/request/{server}/status/{downloadId}', () => {
  it('answers 501, 400 for a bad id and 401 without a session', async () => {
    const response = await user.get('/downloader/request/main/status/abc-123');
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ error: NOT_YET });
    expect((await user.get('/downloader/request/main/status/a%20b')).statusCode).toBe(400);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/downloader/request/main/status/abc')).statusCode).toBe(401);
  });
});
