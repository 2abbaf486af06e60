import { expect } from 'vitest';
import { CollectionWithFilesSchema } from '../../domain/collection';
import { PlaylistSchema, type Playlist } from '../../domain/playlist';
import type { TestClient } from './client';
import type { AppSetup } from './setup';

/** File ids of a fixture collection as the administrator sees them (audio first, then others). */
export async function fileIdsOf(
  c: AppSetup,
  collectionId: number,
): Promise<{ audio: number[]; other: number[] }> {
  const response = await c.admin.get(`/api/audio_collection/${collectionId}`);
  expect(response.statusCode, response.body).toBe(200);
  const { files } = CollectionWithFilesSchema.parse(response.json());
  return {
    audio: files.filter((f) => f.audio !== null).map((f) => f.file.fileId),
    other: files.filter((f) => f.audio === null).map((f) => f.file.fileId),
  };
}

export async function createPlaylist(
  client: TestClient,
  body: Record<string, unknown> = { title: 'Mix' },
): Promise<Playlist> {
  const response = await client.put('/api/playlist', body);
  expect(response.statusCode, response.body).toBe(200);
  return PlaylistSchema.parse(response.json());
}

export async function likedPlaylistOf(client: TestClient): Promise<number> {
  const response = await client.get('/api/user');
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ user: { likedPlaylist: number } }>();
  return body.user.likedPlaylist;
}
