import { expect } from 'vitest';
import {
  HistoryPageSchema,
  YearStatsSchema,
  type HistoryPage,
  type YearStats,
} from '../../domain/history';
import type { TestClient } from '../helpers/client';
import { fileIdsOf } from '../helpers/playlists';
import { registerMember, type Member } from '../helpers/setup';
import { setUpSubsonic, type SubsonicSetup } from '../helpers/subsonic';

export interface HistorySetup extends SubsonicSetup {
  /**
   * Tracks of the fixture: Ola 8 s and Espuma 6 s (Mareas, free, House, tags New+Featured),
   * Piston 40 s (paid: a member only previews it), Room Tone 4 s (single, Ambient, Chill),
   * Demo (hidden).
   */
  files: { ola: number; espuma: number; piston: number; room: number; demo: number };
  newMember(name: string): Promise<Member>;
}

/** The fixture library on a listening app (for /rest), with the tracks' file ids. */
export async function setUpHistory(): Promise<HistorySetup> {
  const s = await setUpSubsonic();
  const [ola, espuma] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number, number];
  const [piston] = (await fileIdsOf(s, s.fx.ids.paid)).audio as [number];
  const [room] = (await fileIdsOf(s, s.fx.ids.single)).audio as [number];
  const [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
  return {
    ...s,
    files: { ola, espuma, piston, room, demo },
    newMember: (name) => registerMember(s.t, name),
  };
}

/** An ISO time `minutes` ago, on a whole second (what the history keeps). */
export const minutesAgo = (minutes: number): string =>
  new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000).toISOString();

export async function reportListens(
  client: TestClient,
  listens: Array<{ fileId: number; listenedAt: string; playedMs: number }>,
): Promise<number> {
  const response = await client.post('/api/user/listens', { listens });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ queued: number }>().queued;
}

export async function historyOf(client: TestClient, query = ''): Promise<HistoryPage> {
  const response = await client.get(`/api/user/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return HistoryPageSchema.parse(response.json());
}

export async function statsOf(client: TestClient, year?: number): Promise<YearStats> {
  const response = await client.get(`/api/user/stats${year === undefined ? '' : `?year=${year}`}`);
  expect(response.statusCode, response.body).toBe(200);
  return YearStatsSchema.parse(response.json());
}

/** The user's rows in `listens`, oldest first, as stored. */
export const listensRows = (s: HistorySetup, userId: number) =>
  s.t.db
    .selectFrom('listens')
    .select(['file_id', 'collection_id', 'played_at', 'client', 'duration_ms'])
    .where('user_id', '=', userId)
    .orderBy('played_at')
    .orderBy('file_id')
    .execute();

/** Writes listens as the intake would have (for years past, which no report may reach). */
export async function insertListens(
  s: HistorySetup,
  userId: number,
  plays: Array<{ fileId: number; collectionId: number; playedAt: string; durationMs?: number }>,
): Promise<void> {
  await s.t.db
    .insertInto('listens')
    .values(
      plays.map((play) => ({
        user_id: userId,
        file_id: play.fileId,
        collection_id: play.collectionId,
        played_at: play.playedAt,
        client: 'web',
        duration_ms: play.durationMs ?? 60_000,
      })),
    )
    .execute();
}
