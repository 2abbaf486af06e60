import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_RELAYS_PER_USER } from '../../server/modules/podcasts/episode-stream';
import type { TestClient } from '../helpers/client';
import { BIG_EPISODE_BYTES, episodeByte } from '../helpers/fake-podcast-host';
import { memberWithRole, perFile } from '../helpers/setup';
import { podcastOf, setUpPodcasts, subscribe } from './podcast-setup';

/**
 * A remote episode relayed from its feed's host (issue 49) follows the rules of music streams:
 * paced after a head start, the role's speed limit, an offline copy unpaced; and an account has
 * at most MAX_RELAYS_PER_USER relays open at once.
 */
const s = perFile(setUpPodcasts);

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

interface Listening {
  status: number;
  /** Bytes received so far. */
  received(): number;
  /** The first bytes received, to check they are the episode's. */
  head(): Buffer;
  done: Promise<void>;
  leave(): void;
}

/** Opens the stream over a real connection and counts what arrives until `leave`. */
function listen(client: TestClient, path: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${s.url}${path}`, { headers: { cookie: cookieOf(client) } });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.on('response', (response) => {
      let received = 0;
      const first: Buffer[] = [];
      let finished!: () => void;
      const done = new Promise<void>((r) => (finished = r));
      response.on('data', (chunk: Buffer) => {
        if (received < 1024) first.push(chunk);
        received += chunk.length;
      });
      response.on('end', finished);
      response.on('close', finished);
      resolve({
        status: response.statusCode ?? 0,
        received: () => received,
        head: () => Buffer.concat(first),
        done,
        leave: () => request.destroy(),
      });
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A podcast of one 4 MiB episode that plays 400 s (about 10 kB a second), followed by `client`. */
async function bigEpisode(client: TestClient, name: string): Promise<number> {
  const url = s.serveRss(`/${name}.xml`, name, [
    {
      guid: `${name}-1`,
      title: `${name} one`,
      date: '2026-03-01T10:00:00Z',
      file: `/big/${name}.mp3`,
      duration: '6:40',
      length: BIG_EPISODE_BYTES,
    },
  ]);
  const podcast = await podcastOf(client, await subscribe(client, url));
  return podcast.episodes[0]!.episodeId;
}

describe('GET /api/podcast/episode/{id}/stream of a remote episode', () => {
  it('is paced like a music stream after its head start, not sent at full speed', async () => {
    const member = await s.newMember('paced');
    const episodeId = await bigEpisode(member, 'paced');
    const heard = await listen(member, `/api/podcast/episode/${episodeId}/stream`);
    expect(heard.status).toBe(200);
    await sleep(2000);
    // Head start 512 KiB, then 4 x 10 kB/s: far below the 4 MiB a full-speed relay sends.
    expect(heard.received()).toBeGreaterThan(256 * 1024);
    expect(heard.received()).toBeLessThan(1024 * 1024);
    expect([...heard.head().subarray(0, 16)]).toEqual(
      Array.from({ length: 16 }, (_, i) => episodeByte(i)),
    );
    heard.leave();
  });

  it('sends the offline copy (whole=true) at once, within the role speed limit', async () => {
    const member = await s.newMember('wholecopy');
    const episodeId = await bigEpisode(member, 'wholecopy');
    const heard = await listen(member, `/api/podcast/episode/${episodeId}/stream?whole=true`);
    await heard.done;
    expect(heard.received()).toBe(BIG_EPISODE_BYTES);

    const slow = await memberWithRole(s.t, { speed_limit: 100_000 });
    const slowEpisode = await bigEpisode(slow, 'slowrole');
    const limited = await listen(slow, `/api/podcast/episode/${slowEpisode}/stream?whole=true`);
    await sleep(1500);
    // 100 kB/s from the first byte: the role's limit has no head start.
    expect(limited.received()).toBeLessThan(400_000);
    expect(limited.received()).toBeGreaterThan(0);
    limited.leave();
  });

  it(`relays at most ${MAX_RELAYS_PER_USER} episodes at once per account (429 beyond)`, async () => {
    const member = await s.newMember('manyrelays');
    const episodeId = await bigEpisode(member, 'manyrelays');
    const path = `/api/podcast/episode/${episodeId}/stream`;
    const open: Listening[] = [];
    for (let i = 0; i < MAX_RELAYS_PER_USER; i += 1) open.push(await listen(member, path));
    expect(open.map((l) => l.status)).toEqual(Array(MAX_RELAYS_PER_USER).fill(200));
    const refused = await member.get(path, { headers: { range: 'bytes=0-99' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(/at once/);
    expect(refused.headers['retry-after']).toBe('5');
    // Another account is not held back by this one's relays.
    const other = await s.newMember('otherrelay');
    const otherEpisode = await bigEpisode(other, 'otherrelay');
    const ranged = await other.get(`/api/podcast/episode/${otherEpisode}/stream`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    // A listener who leaves frees a slot.
    open.pop()!.leave();
    let again = 0;
    for (let i = 0; i < 50 && again !== 206; i += 1) {
      await sleep(50);
      again = (await member.get(path, { headers: { range: 'bytes=0-99' } })).statusCode;
    }
    expect(again).toBe(206);
    for (const l of open) l.leave();
  });
});
