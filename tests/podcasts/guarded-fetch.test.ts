import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, guardedFetch } from '../../server/net/guarded-fetch';
import { isRefusedAddress } from '../../server/net/address-policy';
import { startPodcastHost, type FakePodcastHost } from '../helpers/fake-podcast-host';

/**
 * The guarded fetcher (issue 49) without the test rig's switch: the fixture listens on
 * 127.0.0.2 and is let through by name only, so every other loopback address stays refused.
 */
let host: FakePodcastHost;
const fixture = (address: string) => address === '127.0.0.2';
const options = { what: 'feed', maxBytes: 1 << 20, allowLoopback: false, allowAddress: fixture };

beforeAll(async () => {
  host = await startPodcastHost('127.0.0.2');
  host.feeds.set('/ok.xml', '<rss/>');
});
afterAll(() => host.close());

describe('guarded fetching', () => {
  it('fetches an allowed address', async () => {
    const fetched = await guardedFetch(`${host.url}/ok.xml`, options);
    expect(fetched.body.toString()).toBe('<rss/>');
  });

  it('refuses a redirect to 127.0.0.1 without FETCH_ALLOW_PRIVATE', async () => {
    host.redirects.set('/to-loopback', 'http://127.0.0.1:9/feed');
    await expect(guardedFetch(`${host.url}/to-loopback`, options)).rejects.toThrow(FetchRefused);
  });

  it('refuses redirects to metadata and private addresses even with loopback allowed', async () => {
    host.redirects.set('/to-metadata', 'http://169.254.169.254/latest/meta-data/');
    host.redirects.set('/to-lan', 'http://10.0.0.1/feed');
    const loose = { ...options, allowLoopback: true };
    await expect(guardedFetch(`${host.url}/to-metadata`, loose)).rejects.toThrow(/private/);
    await expect(guardedFetch(`${host.url}/to-lan`, loose)).rejects.toThrow(/private/);
  });

  it('refuses a name that resolves to a private address', async () => {
    const resolve = () => Promise.resolve([{ address: '10.1.2.3', family: 4 }]);
    await expect(
      guardedFetch('http://feeds.example.test/feed.xml', { ...options, resolve }),
    ).rejects.toThrow(/resolves to a private address \(10\.1\.2\.3\)/);
    await expect(guardedFetch('http://localhost:9/feed', options)).rejects.toThrow(FetchRefused);
  });

  it('connects to the address it checked (a second DNS answer cannot rebind)', async () => {
    const answers = ['127.0.0.2', '127.0.0.1'];
    let asked = 0;
    const resolve = () => {
      const address = answers[Math.min(asked, 1)]!;
      asked += 1;
      return Promise.resolve([{ address, family: 4 }]);
    };
    const port = new URL(host.url).port;
    const fetched = await guardedFetch(`http://rebind.example.test:${port}/ok.xml`, {
      ...options,
      resolve,
    });
    expect(fetched.body.toString()).toBe('<rss/>');
    expect(asked).toBe(1);
  });

  it('refuses other schemes and oversized bodies', async () => {
    await expect(guardedFetch('file:///etc/passwd', options)).rejects.toThrow(/http or https/);
    await expect(guardedFetch('gopher://example.com/', options)).rejects.toThrow(/http or https/);
    host.feeds.set('/big.xml', 'x'.repeat(2000));
    await expect(
      guardedFetch(`${host.url}/big.xml`, { ...options, maxBytes: 1000 }),
    ).rejects.toThrow(/larger than 1000 bytes/);
  });

  it('allows only loopback with the test switch', () => {
    expect(isRefusedAddress('127.0.0.1', true)).toBe(false);
    expect(isRefusedAddress('::1', true)).toBe(false);
    expect(isRefusedAddress('127.0.0.1', false)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.1', '169.254.169.254', 'fe80::1', 'fd00::1'])
      expect(isRefusedAddress(address, true)).toBe(true);
  });
});
