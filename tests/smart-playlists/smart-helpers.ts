import { expect } from 'vitest';
import {
  SmartPlaylistIdSchema,
  SmartPlaylistWithEntriesSchema,
  type SmartPlaylistInput,
  type SmartPlaylistWithEntries,
} from '../../domain/smart-playlist';
import type { TestClient } from '../helpers/client';
import type { TestApp } from '../helpers/test-app';

/** Creates a smart playlist through the API; its id. */
export async function createSmart(
  client: TestClient,
  input: Partial<SmartPlaylistInput> & Pick<SmartPlaylistInput, 'rules'>,
): Promise<number> {
  const response = await client.put('/api/smart_playlist', {
    name: 'Smart',
    match: 'all',
    ...input,
  });
  expect(response.statusCode, response.body).toBe(200);
  return SmartPlaylistIdSchema.parse(response.json()).smartPlaylistId;
}

export async function readSmart(client: TestClient, id: number): Promise<SmartPlaylistWithEntries> {
  const response = await client.get(`/api/smart_playlist/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return SmartPlaylistWithEntriesSchema.parse(response.json());
}

/** The titles a definition lists for the client, in the answer's order. */
export async function titlesOf(
  client: TestClient,
  input: Partial<SmartPlaylistInput> & Pick<SmartPlaylistInput, 'rules'>,
): Promise<string[]> {
  const id = await createSmart(client, input);
  return (await readSmart(client, id)).entries.map((entry) => entry.audio.audioTitle);
}

/** The same, sorted by title (when the rule, not the order, is under test). */
export const sortedTitles = async (...args: Parameters<typeof titlesOf>): Promise<string[]> =>
  (await titlesOf(...args)).sort();

/** A file id by its track title in the test catalogue. */
export async function fileIdByTitle(t: TestApp, title: string): Promise<number> {
  const row = await t.db
    .selectFrom('audio')
    .select('file_id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return Number(row.file_id);
}

/** Records plays of a track by a user, straight into `listens` (what a play writes). */
export async function insertListens(
  t: TestApp,
  userId: number,
  title: string,
  playedAt: readonly string[],
): Promise<void> {
  const fileId = await fileIdByTitle(t, title);
  const file = await t.db
    .selectFrom('files')
    .select('collection_id')
    .where('file_id', '=', fileId)
    .executeTakeFirstOrThrow();
  for (const at of playedAt) {
    await t.db
      .insertInto('listens')
      .values({
        user_id: userId,
        file_id: fileId,
        collection_id: file.collection_id,
        played_at: at,
        client: 'web',
        duration_ms: 1000,
      })
      .execute();
  }
}

/** ISO text of now, in whole seconds, minus some days. */
export const isoDaysAgo = (days: number): string =>
  new Date(Date.now() - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
