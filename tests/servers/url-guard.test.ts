import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from '../../domain/servers';
import { isPrivateAddress } from '../../server/node/net/private-address';
import { safeGet } from '../../server/node/sources/url/safe-get';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { serve, startFileServer, waitForDownload } from './fixtures';
import { setUpApp } from '../helpers/setup';

let t: TestApp;
let admin: TestClient;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  files = await startFileServer(
    {
      '/ok': serve('fine'),
      '/to-loopback': (_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.2:${files.port}/ok` }).end();
      },
      '/loop': (_req, res) => {
        res.writeHead(302, { location: '/loop' }).end();
      },
    },
    '0.0.0.0',
  );
  // No DOWNLOADER_ALLOW_PRIVATE: the default an operator gets.
  ({ t, admin } = await setUpApp());
});
afterAll(async () => {
  await t.close();
  await files.close();
});

describe('url downloads never reach private addresses unless allowed', () => {
  it.each([
    ['http://127.0.0.1/a.mp3', '127.0.0.1'],
    ['http://10.1.2.3/a.mp3', '10.1.2.3'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[::1]/a.mp3', '::1'],
    ['http://[::ffff:127.0.0.1]/a.mp3', '::ffff:7f00:1'],
    ['http://localhost/a.mp3', 'localhost'],
  ])('refuses %s', async (url, shown) => {
    const response = await admin.post('/downloader/0/api/download', { url, source: 'url' });
    const done = await waitForDownload(admin, 0, response.json<Download>().downloadId);
    expect(done.state).toBe('error');
    expect(done.message).toContain('refused');
    expect(done.message).toContain(shown);
  });

  it('checks every redirect hop, and stops after 5 redirects', async () => {
    const signal = AbortSignal.timeout(5000);
    // The test server itself is on loopback: only its exact address is let through here.
    const allowAddress = (address: string) => address === '127.0.0.1';
    const first = await safeGet(`${files.url}/ok`, { allowPrivate: false, signal, allowAddress });
    first.response.resume();
    await expect(
      safeGet(`${files.url}/to-loopback`, { allowPrivate: false, signal, allowAddress }),
    ).rejects.toThrow('refused: 127.0.0.2 is a private or loopback address');
    await expect(
      safeGet(`${files.url}/loop`, { allowPrivate: false, signal, allowAddress }),
    ).rejects.toThrow('too many redirects (more than 5)');
    expect(files.hits.get('/loop')).toBe(6);
    const allowed = await safeGet(`${files.url}/to-loopback`, { allowPrivate: true, signal });
    allowed.response.resume();
    expect(allowed.url.hostname).toBe('127.0.0.2');
  });

  it('classifies addresses, IPv4-mapped IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
      'fe80::1',
      'fd00::1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1', '::ffff:93.184.216.34'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
