import { describe, expect, it } from 'vitest';
import { PodcastListSchema } from '../../domain/podcasts';
import { atomFeed, EPISODE_BYTES, episodeByte } from '../helpers/fake-podcast-host';
import { errorOf, memberWithRole, perFile } from '../helpers/setup';
import { episodeStatus, podcastOf, setUpPodcasts, subscribe, twoEpisodes } from './podcast-setup';

/** /api/podcast (issue 49) against a local feed host. */
const s = perFile(setUpPodcasts);

const expectedBytes = (start: number, end: number) =>
  Buffer.from(Array.from({ length: end - start + 1 }, (_, i) => episodeByte(start + i)));

describe('subscribing', () => {
  it('reads RSS with iTunes tags and Podcasting 2.0 chapters', async () => {
    const url = s.serveRss('/rss.xml', 'Test Show', twoEpisodes('rss'));
    const member = await s.newMember('reader');
    const id = await subscribe(member, url);
    const list = PodcastListSchema.parse((await member.get('/api/podcast')).json());
    expect(list.podcasts).toEqual([
      {
        podcastId: id,
        title: 'Test Show',
        author: 'Test Author',
        imageUrl: `${s.host.url}/cover.jpg`,
        episodeCount: 2,
        unplayed: 2,
        error: null,
        autoDownload: 0,
      },
    ]);
    const podcast = await podcastOf(member, id);
    expect(podcast.description).toBe('A test show');
    expect(podcast.episodes.map((e) => e.title)).toEqual(['rss two', 'rss one']);
    expect(podcast.episodes[0]).toMatchObject({
      publishedAt: '2026-02-02T10:00:00.000Z',
      duration: 3723,
      description: 'About rss two',
      status: 'remote',
      positionMs: 0,
      played: false,
      season: 2,
      episode: 1,
      explicit: true,
      chaptersUrl: `${s.host.url}/chapters.json`,
    });
  });

  it('fetches a feed once for all its subscribers', async () => {
    const url = s.serveRss('/shared.xml', 'Shared', twoEpisodes('shared'));
    const [a, b] = [await s.newMember('sharer1'), await s.newMember('sharer2')];
    const first = await subscribe(a, url);
    expect(await subscribe(b, url)).toBe(first);
    expect(await subscribe(b, url)).toBe(first);
    expect(s.host.log.filter((line) => line.startsWith('GET /shared.xml'))).toHaveLength(1);
  });

  it('reads Atom feeds with enclosure links', async () => {
    s.host.feeds.set('/atom.xml', atomFeed(s.host.url, 'Atom Show', twoEpisodes('atom')));
    const member = await s.newMember('atomic');
    const podcast = await podcastOf(member, await subscribe(member, `${s.host.url}/atom.xml`));
    expect(podcast.title).toBe('Atom Show');
    expect(podcast.episodes.map((e) => e.title)).toEqual(['atom two', 'atom one']);
  });

  it('refuses what is not a feed, and changes nothing', async () => {
    const member = await s.newMember('wrong');
    s.host.feeds.set('/not-a-feed.xml', '<html><body>hello</body></html>');
    const response = await member.put('/api/podcast', { url: `${s.host.url}/not-a-feed.xml` });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(/feed/);
    expect((await member.put('/api/podcast', { url: '' })).statusCode).toBe(400);
    expect(PodcastListSchema.parse((await member.get('/api/podcast')).json()).podcasts).toEqual([]);
  });

  it('needs the podcasts right', async () => {
    const member = await memberWithRole(s.t, { podcasts: 0 });
    const url = s.serveRss('/denied.xml', 'Denied', twoEpisodes('denied'));
    expect((await member.put('/api/podcast', { url })).statusCode).toBe(403);
    expect((await member.get('/api/podcast')).statusCode).toBe(403);
  });
});

describe('refreshing', () => {
  it('asks conditionally (304 keeps the episodes) and adds new episodes', async () => {
    const episodes = twoEpisodes('changing');
    const url = s.serveRss('/changing.xml', 'Changing', episodes);
    const member = await s.newMember('refresher');
    const id = await subscribe(member, url);
    expect((await member.post(`/api/podcast/${id}/refresh`)).statusCode).toBe(200);
    expect(s.host.log).toContain('GET /changing.xml 304');
    s.serveRss('/changing.xml', 'Changing', [
      {
        guid: 'changing-3',
        title: 'changing three',
        date: '2026-03-03T10:00:00Z',
        file: '/audio/c3.mp3',
      },
      ...episodes,
    ]);
    const refreshed = await member.post(`/api/podcast/${id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect((await podcastOf(member, id)).episodes.map((e) => e.title)).toEqual([
      'changing three',
      'changing two',
      'changing one',
    ]);
  });

  it('keeps a broken feed episodes and shows its error', async () => {
    const url = s.serveRss('/broken.xml', 'Broken', twoEpisodes('broken'));
    const member = await s.newMember('breaker');
    const id = await subscribe(member, url);
    s.host.broken.add('/broken.xml');
    await member.post(`/api/podcast/${id}/refresh`);
    const podcast = await podcastOf(member, id);
    expect(podcast.error).toBe('feed answered HTTP 500');
    expect(podcast.episodes).toHaveLength(2);
    s.host.broken.delete('/broken.xml');
    await member.post(`/api/podcast/${id}/refresh`);
    expect((await podcastOf(member, id)).error).toBeNull();
  });
});

describe('episodes', () => {
  it('streams a remote episode through the server with ranges', async () => {
    const url = s.serveRss('/stream.xml', 'Streamed', twoEpisodes('stream'));
    const member = await s.newMember('streamer');
    const podcast = await podcastOf(member, await subscribe(member, url));
    const episodeId = podcast.episodes[0]!.episodeId;
    const ranged = await member.get(`/api/podcast/episode/${episodeId}/stream`, {
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${EPISODE_BYTES}`);
    expect(ranged.rawPayload).toEqual(expectedBytes(100, 199));
    const stranger = await s.newMember('stranger');
    expect((await stranger.get(`/api/podcast/episode/${episodeId}/stream`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/podcast/${podcast.podcastId}`)).statusCode).toBe(404);
  });

  it('downloads to storage and streams from there', async () => {
    const url = s.serveRss('/download.xml', 'Downloaded', twoEpisodes('download'));
    const member = await s.newMember('downloader');
    const id = await subscribe(member, url);
    const episodeId = (await podcastOf(member, id)).episodes[1]!.episodeId;
    const asked = await member.post(`/api/podcast/episode/${episodeId}/download`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await episodeStatus(member, id, episodeId, ['downloaded', 'error'])).toBe('downloaded');
    const before = s.host.log.length;
    const ranged = await member.get(`/api/podcast/episode/${episodeId}/stream`, {
      headers: { range: 'bytes=1000-1999' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toEqual(expectedBytes(1000, 1999));
    // Served from storage: the host was not asked again.
    expect(s.host.log.length).toBe(before);
    const removed = await member.delete(`/api/podcast/episode/${episodeId}/download`);
    expect(removed.statusCode).toBe(200);
    expect(await episodeStatus(member, id, episodeId, ['remote'])).toBe('remote');
  });

  it('downloads the newest N automatically when a subscriber asks', async () => {
    const url = s.serveRss('/auto.xml', 'Auto', twoEpisodes('auto'));
    const member = await s.newMember('auto');
    const id = await subscribe(member, url);
    const set = await member.post(`/api/podcast/${id}/settings`, { autoDownload: 1 });
    expect(set.statusCode, set.body).toBe(200);
    const [newest, older] = (await podcastOf(member, id)).episodes;
    expect(await episodeStatus(member, id, newest!.episodeId, ['downloaded'])).toBe('downloaded');
    expect(older!.status).toBe('remote');
    const tooMany = await member.post(`/api/podcast/${id}/settings`, { autoDownload: 999 });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps each user position and played mark', async () => {
    const url = s.serveRss('/position.xml', 'Positions', twoEpisodes('position'));
    const [a, b] = [await s.newMember('positioned1'), await s.newMember('positioned2')];
    const id = await subscribe(a, url);
    await subscribe(b, url);
    const episodeId = (await podcastOf(a, id)).episodes[0]!.episodeId;
    const put = await a.put(`/api/podcast/episode/${episodeId}/position`, { positionMs: 60_000 });
    expect(put.statusCode, put.body).toBe(200);
    await a.put(`/api/podcast/episode/${episodeId + 1}/position`, {
      positionMs: 0,
      played: true,
    });
    const mine = await podcastOf(a, id);
    expect(mine.episodes[0]).toMatchObject({ positionMs: 60_000, played: false });
    expect(mine.unplayed).toBe(1);
    expect((await podcastOf(b, id)).episodes[0]).toMatchObject({ positionMs: 0, played: false });
    const bad = await a.put(`/api/podcast/episode/${episodeId}/position`, { positionMs: -1 });
    expect(bad.statusCode).toBe(400);
    expect((await podcastOf(a, id)).episodes[0]!.positionMs).toBe(60_000);
  });
});

describe('unsubscribing and the administrator', () => {
  it('lets a user unsubscribe and the administrator see and remove every subscription', async () => {
    const url = s.serveRss('/admin.xml', 'Admin Seen', twoEpisodes('admin'));
    const [a, b] = [await s.newMember('followed1'), await s.newMember('followed2')];
    const id = await subscribe(a, url);
    await subscribe(b, url);
    const all = await s.admin.get('/api/admin/podcast');
    expect(all.statusCode).toBe(200);
    const mine = all
      .json<{
        subscriptions: Array<{ subscriptionId: number; username: string; podcastId: number }>;
      }>()
      .subscriptions.filter((sub) => sub.podcastId === id);
    expect(mine.map((sub) => sub.username).sort()).toEqual(['followed1', 'followed2']);
    expect((await a.get('/api/admin/podcast')).statusCode).toBe(403);
    const ofA = mine.find((sub) => sub.username === 'followed1')!;
    const removed = await s.admin.delete(`/api/admin/podcast/subscription/${ofA.subscriptionId}`);
    expect(removed.statusCode).toBe(200);
    // The administrator removed it: a no longer follows the podcast.
    expect((await a.get(`/api/podcast/${id}`)).statusCode).toBe(404);
    expect((await a.delete(`/api/podcast/${id}`)).statusCode).toBe(404);
    expect((await b.delete(`/api/podcast/${id}`)).statusCode).toBe(200);
    // Nobody follows it any more: the feed and its episodes are gone.
    const feed = await s.t.db
      .selectFrom('podcast_feeds')
      .select('feed_id')
      .where('feed_id', '=', id)
      .executeTakeFirst();
    expect(feed).toBeUndefined();
  });
});
