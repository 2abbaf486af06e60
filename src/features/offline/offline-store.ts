import { createStore, get, set } from 'idb-keyval';
import { GAPLESS_TRIM_HEADER, gaplessUrl } from '../../../domain/gapless';
import { offlineCopyUrl } from '../../common/playback/gapless-copy';
import { savableOffline } from '../../../domain/playback';
import { wholeCopyUrl, type Track } from '../../../domain/track';
import { imagePath } from '../../../domain/image-path';
import { itemKey } from './saved-items-key';

/** The service worker answers these URLs from this cache (sw/service-worker.ts, same name). */
export const OFFLINE_AUDIO_CACHE = 'offline-audio';

/**
 * A smart playlist is saved as its tracks were when saved (issue 48); an episode is one podcast
 * episode, its one track being the episode's stream (issue 49).
 */
export type SavedKind = 'collection' | 'playlist' | 'smart-playlist' | 'episode';

/** A collection or playlist made available offline, with the tracks that were stored. */
export interface SavedItem {
  key: string;
  kind: SavedKind;
  refId: number;
  title: string;
  imageHash: string | null;
  tracks: Track[];
  bytes: number;
  savedAt: string;
}

export interface SaveProgress {
  key: string;
  done: number;
  total: number;
  bytes: number;
  /** The size being fetched, when the server says it (an episode's share saved). */
  expectedBytes?: number;
}

const KEY = 'saved-items';
const store =
  typeof indexedDB === 'undefined' ? undefined : createStore('musicbox-offline', 'items');

export { itemKey };

export async function listSaved(): Promise<SavedItem[]> {
  return store ? ((await get<SavedItem[]>(KEY, store)) ?? []) : [];
}

async function writeSaved(items: SavedItem[]): Promise<void> {
  if (store) await set(KEY, items, store);
}

/** Fetches one file whole, counting bytes as they arrive, and puts it in the offline cache. */
async function storeFile(
  cache: Cache,
  url: string,
  onBytes: (n: number) => void,
  onSize?: (bytes: number) => void,
): Promise<number> {
  if (await cache.match(url)) return 0;
  const response = await fetch(wholeCopyUrl(url), { credentials: 'include' });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const declared = Number(response.headers.get('Content-Length') ?? NaN);
  if (declared > 0) onSize?.(declared);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    onBytes(value.byteLength);
  }
  const type = response.headers.get('Content-Type') ?? 'audio/mpeg';
  const headers: Record<string, string> = { 'Content-Type': type, 'Content-Length': String(size) };
  // A gapless copy of a lossy original: where its samples lie, for the gapless deck offline.
  const trim = response.headers.get(GAPLESS_TRIM_HEADER);
  if (trim) headers[GAPLESS_TRIM_HEADER] = trim;
  await cache.put(url, new Response(new Blob(chunks as BlobPart[], { type }), { headers }));
  return size;
}

/**
 * The covers the player shows for these tracks (thumbnail in the bar, full size in the
 * full-screen player): saved with the audio, so a saved track offline is not a broken image.
 */
const coverUrls = (tracks: readonly Track[]): string[] => [
  ...new Set(
    tracks.flatMap((track) =>
      track.imageHash ? [imagePath(track.imageHash, true), imagePath(track.imageHash, false)] : [],
    ),
  ),
];

/**
 * Saves the full-play tracks of a collection or playlist (never previews or external tracks;
 * allowed in streaming-only mode because this is playback, not download).
 */
export async function saveItem(
  item: Omit<SavedItem, 'bytes' | 'savedAt' | 'tracks'> & { tracks: Track[] },
  onProgress: (progress: SaveProgress) => void,
): Promise<SavedItem> {
  const tracks = item.tracks.filter(savableOffline);
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const progress: SaveProgress = { key: item.key, done: 0, total: tracks.length, bytes: 0 };
  onProgress({ ...progress });
  let bytes = 0;
  for (const track of tracks) {
    bytes += await storeFile(cache, offlineCopyUrl(track), (n) => {
      progress.bytes += n;
      onProgress({ ...progress });
    });
    progress.done += 1;
    onProgress({ ...progress });
  }
  for (const url of coverUrls(tracks)) {
    // A missing cover must not undo the saved music: the player falls back to the default.
    bytes += await storeFile(cache, url, () => undefined).catch(() => 0);
  }
  const saved: SavedItem = { ...item, tracks, bytes, savedAt: new Date().toISOString() };
  await writeSaved([...(await listSaved()).filter((i) => i.key !== item.key), saved]);
  return saved;
}

/**
 * Saves one podcast episode (issue 49): its stream as the server sends it whole (stored on the
 * server or relayed from the feed's host), with progress in bytes. An episode is not a library
 * track (no file id, `external`), so it is saved apart from saveItem's rule for tracks.
 */
export async function saveEpisode(
  episodeId: number,
  track: Track,
  onProgress: (progress: SaveProgress) => void,
): Promise<SavedItem> {
  const key = itemKey('episode', episodeId);
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const progress: SaveProgress = { key, done: 0, total: 1, bytes: 0 };
  onProgress({ ...progress });
  const bytes = await storeFile(
    cache,
    track.url,
    (n) => {
      progress.bytes += n;
      onProgress({ ...progress });
    },
    (size) => (progress.expectedBytes = size),
  );
  progress.done = 1;
  onProgress({ ...progress });
  const saved: SavedItem = {
    key,
    kind: 'episode',
    refId: episodeId,
    title: track.title,
    imageHash: null,
    tracks: [track],
    bytes: bytes || progress.bytes,
    savedAt: new Date().toISOString(),
  };
  await writeSaved([...(await listSaved()).filter((i) => i.key !== key), saved]);
  return saved;
}

/** Every address a saved track may be kept under: its stream, or its gapless copy. */
const copyUrls = (track: Track): string[] =>
  track.fileId === undefined ? [track.url] : [track.url, gaplessUrl(track.fileId, false)];

/** Removes an item and every file no other saved item still needs. */
export async function removeItem(key: string): Promise<void> {
  const items = await listSaved();
  const removed = items.find((i) => i.key === key);
  const rest = items.filter((i) => i.key !== key);
  await writeSaved(rest);
  if (!removed) return;
  const kept = new Set(
    rest.flatMap((i) => [...i.tracks.flatMap(copyUrls), ...coverUrls(i.tracks)]),
  );
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const urls = [...removed.tracks.flatMap(copyUrls), ...coverUrls(removed.tracks)];
  await Promise.all(urls.filter((url) => !kept.has(url)).map((url) => cache.delete(url)));
}
