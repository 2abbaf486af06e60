import { describe, expect, it } from 'vitest';
import { BookmarkListSchema } from '../../domain/bookmarks';
import type { TestClient } from '../helpers/client';
import { fileIdsOf } from '../helpers/playlists';
import { perFile } from '../helpers/setup';
import { subsonicFor } from '../helpers/subsonic';
import { podcastOf, setUpPodcasts, subscribe, twoEpisodes } from '../podcasts/podcast-setup';

/** Bookmarks (issue 49): positions in tracks and episodes, on /api and /rest alike. */
const s = perFile(setUpPodcasts);

const bookmarksOf = async (client: TestClient) => {
  const response = await client.get('/api/bookmark');
  expect(response.statusCode, response.body).toBe(200);
  return BookmarkListSchema.parse(response.json()).bookmarks;
};

describe('/api/bookmark', () => {
  it('keeps a file position and an episode position in "Continue listening"', async () => {
    const [ola] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number];
    const member = await s.newMember('continuer');
    const saved = await member.put(`/api/bookmark/file/${ola}`, { positionMs: 5000 });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await subscribe(member, s.serveRss('/continue.xml', 'Continue', twoEpisodes('c')));
    const episodeId = (await podcastOf(member, id)).episodes[0]!.episodeId;
    await member.put(`/api/podcast/episode/${episodeId}/position`, { positionMs: 61_000 });
    const list = await bookmarksOf(member);
    expect(list.map((b) => [b.kind, b.id, b.positionMs])).toEqual([
      ['episode', episodeId, 61_000],
      ['file', ola, 5000],
    ]);
    // The parent's id is where the player finds the track again (its album, its podcast).
    expect(list[1]).toMatchObject({ title: 'Ola', parent: 'Mareas', parentId: s.fx.ids.free });
    expect(list[0]).toMatchObject({
      title: 'c two',
      parent: 'Continue',
      parentId: id,
      durationMs: 3_723_000,
    });
    // A played episode is finished: it leaves the row.
    await member.put(`/api/podcast/episode/${episodeId}/position`, { positionMs: 0, played: true });
    expect((await bookmarksOf(member)).map((b) => b.kind)).toEqual(['file']);
    expect((await member.delete(`/api/bookmark/file/${ola}`)).statusCode).toBe(200);
    expect(await bookmarksOf(member)).toEqual([]);
    expect((await member.delete(`/api/bookmark/file/${ola}`)).statusCode).toBe(404);
  });

  it('answers 404 for a file the caller may not see, and 400 for a bad position', async () => {
    const [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
    const [ola] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number];
    const member = await s.newMember('hiddenmarks');
    expect((await member.put(`/api/bookmark/file/${demo}`, { positionMs: 1 })).statusCode).toBe(
      404,
    );
    expect((await member.put(`/api/bookmark/file/${ola}`, { positionMs: 'x' })).statusCode).toBe(
      400,
    );
    expect(await bookmarksOf(member)).toEqual([]);
  });
});

describe('/rest bookmarks and podcasts', () => {
  it('creates, lists and deletes bookmarks of songs and episodes', async () => {
    const [ola] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number];
    const member = await s.newMember('restmarks');
    const rest = (await subsonicFor(s.url, member, member.userName)).api;
    const id = await subscribe(
      member,
      s.serveRss('/restmarks.xml', 'Rest Marks', twoEpisodes('r')),
    );
    const episodeId = (await podcastOf(member, id)).episodes[0]!.episodeId;
    await rest.createBookmark({ id: String(ola), position: 1500, comment: 'here' });
    await rest.createBookmark({ id: `pe-${episodeId}`, position: 90_000 });
    const { bookmarks } = await rest.getBookmarks();
    const entries = bookmarks.bookmark ?? [];
    expect(entries.map((b) => [b.entry.id, b.position])).toEqual([
      [`pe-${episodeId}`, 90_000],
      [String(ola), 1500],
    ]);
    expect(entries[1]).toMatchObject({ comment: 'here', username: 'restmarks' });
    // The web app sees the same position.
    expect((await podcastOf(member, id)).episodes[0]!.positionMs).toBe(90_000);
    await rest.deleteBookmark({ id: `pe-${episodeId}` });
    await rest.deleteBookmark({ id: String(ola) });
    expect((await rest.getBookmarks()).bookmarks.bookmark ?? []).toEqual([]);
  });

  it('subscribes, lists, streams and downloads podcasts', async () => {
    const member = await s.newMember('restcasts');
    const rest = (await subsonicFor(s.url, member, member.userName)).api;
    await rest.createPodcastChannel({
      url: s.serveRss('/rest.xml', 'Rest Show', twoEpisodes('rc')),
    });
    const { podcasts } = await rest.getPodcasts();
    const channel = podcasts.channel?.find((c) => c.title === 'Rest Show');
    expect(channel).toMatchObject({ status: 'completed', url: `${s.host.url}/rest.xml` });
    expect(channel?.episode?.map((e) => e.title)).toEqual(['rc two', 'rc one']);
    const first = channel!.episode![0]!;
    expect(first).toMatchObject({ status: 'new', duration: 3723, channelId: channel!.id });
    const newest = await rest.getNewestPodcasts();
    expect(newest.newestPodcasts.episode?.map((e) => e.id)).toEqual(
      channel!.episode!.map((e) => e.id),
    );
    const one = await rest.getPodcastEpisode({ id: first.id });
    expect(one.podcastEpisode.title).toBe('rc two');
    const audio = await rest.stream({ id: first.streamId! });
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBe(64 * 1024);
    await rest.downloadPodcastEpisode({ id: first.id });
    await rest.refreshPodcasts();
    await rest.deletePodcastChannel({ id: channel!.id });
    expect((await rest.getPodcasts()).podcasts.channel ?? []).toEqual([]);
    const missing = await rest.custom('getPodcastEpisode', { id: first.id, f: 'json' });
    const body = (await missing.json()) as { 'subsonic-response': { error?: { code: number } } };
    expect(body['subsonic-response'].error?.code).toBe(70);
  });
});
