import { BENCH_SMART_PLAYLIST } from './smart-playlist-bench';
import type { Timed } from './million-library-calls';

/** Issue 48's targets at 1,000,000 files, over HTTP. */
export const TARGET_SMART_P95 = 100;
export const TARGET_RADIO_P95 = 100;

/**
 * Issue 48's calls on the million catalogue: a smart playlist of 10 rules read back, and a
 * radio page of 50 from a track, an album and an artist (a different seed each run).
 */
export async function listeningCalls(
  server: { base: string; cookie: string },
  get: (path: string) => Promise<ArrayBuffer>,
  collectionIds: number[],
  timed: Timed,
): Promise<void> {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  const created = await fetch(`${server.base}/api/smart_playlist`, {
    method: 'PUT',
    headers: { cookie: server.cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify(BENCH_SMART_PLAYLIST),
  });
  if (!created.ok) throw new Error(`PUT /api/smart_playlist: ${created.status}`);
  const { smartPlaylistId } = (await created.json()) as { smartPlaylistId: number };
  await timed(
    'smart playlist of 10 rules: GET /api/smart_playlist/{id}',
    () => get(`/api/smart_playlist/${smartPlaylistId}`),
    TARGET_SMART_P95,
  );

  // Seeds: the first track and the first artist of some visible collections.
  const seeds = {
    file: [] as number[],
    collection: collectionIds.slice(0, 50),
    artist: [] as number[],
  };
  for (const id of seeds.collection.slice(0, 20)) {
    const page = JSON.parse(new TextDecoder().decode(await get(`/api/audio_collection/${id}`))) as {
      files: Array<{
        file: { fileId: number };
        audio: { audioArtistRefs: Array<{ artistId: number }> } | null;
      }>;
    };
    const track = page.files.find((f) => f.audio !== null);
    if (track === undefined) continue;
    seeds.file.push(track.file.fileId);
    const artist = track.audio?.audioArtistRefs[0];
    if (artist !== undefined) seeds.artist.push(artist.artistId);
  }
  for (const kind of ['file', 'collection', 'artist'] as const) {
    const list = seeds[kind];
    if (list.length === 0) continue;
    let turn = 0;
    await timed(
      `radio page of 50 from ${kind === 'file' ? 'a track' : kind === 'collection' ? 'an album' : 'an artist'}: GET /api/radio`,
      () => get(`/api/radio?seed=${kind}:${list[(turn += 1) % list.length]!}&count=50`),
      TARGET_RADIO_P95,
    );
  }
}
