import { describe, expect, it } from 'vitest';
import { errorOf, perFile } from '../helpers/setup';
import { setUpPodcasts } from './podcast-setup';

/** Feed addresses are user input: what PUT /api/podcast refuses (issue 49). */
const s = perFile(setUpPodcasts);

const refusal = async (url: string) => {
  const member = await s.newMember(`ssrf${Math.random().toString(36).slice(2, 8)}`);
  const response = await member.put('/api/podcast', { url });
  expect(response.statusCode, response.body).toBe(400);
  return errorOf(response);
};

describe('refused feed addresses', () => {
  it('refuses file:// and gopher://', async () => {
    expect(await refusal('file:///etc/passwd')).toMatch(/http or https/);
    expect(await refusal('gopher://127.0.0.1:70/')).toMatch(/http or https/);
  });

  it('refuses the metadata address and private networks, also after a redirect', async () => {
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toMatch(/private/);
    s.host.redirects.set('/to-metadata.xml', 'http://169.254.169.254/latest/meta-data/');
    expect(await refusal(`${s.host.url}/to-metadata.xml`)).toMatch(/private/);
    s.host.redirects.set('/to-lan.xml', 'http://192.168.0.10/feed.xml');
    expect(await refusal(`${s.host.url}/to-lan.xml`)).toMatch(/private/);
  });

  it('refuses loopback once the test switch is off', async () => {
    s.serveRss('/local.xml', 'Local', []);
    process.env.FETCH_ALLOW_PRIVATE = '0';
    try {
      expect(await refusal(`${s.host.url}/local.xml`)).toMatch(/private/);
    } finally {
      process.env.FETCH_ALLOW_PRIVATE = '1';
    }
  });

  it('stops after 5 redirects', async () => {
    for (let i = 0; i < 7; i += 1) s.host.redirects.set(`/hop${i}`, `${s.host.url}/hop${i + 1}`);
    expect(await refusal(`${s.host.url}/hop0`)).toMatch(/more than 5 times/);
  });
});
