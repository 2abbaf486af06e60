import { requireBrowse } from '../../access/collections';
import type { AppPlay, NowPlayingRow } from '../scrobbling';
import { SubsonicError, type SubsonicCalls, type SubsonicContext } from './subsonic-call';
import { parseRefOf } from './subsonic-ids';
import { songsFor } from './subsonic-songs';

/** The `time` of a scrobble (ms since the epoch); absent, odd or in the future: now. */
function timeOf(raw: string | undefined, now: number): string {
  const ms = raw === undefined || !/^\d{1,15}$/.test(raw) ? now : Math.min(Number(raw), now);
  return new Date(ms).toISOString();
}

/** A stable number for a user's player: Subsonic's playerId is an integer, ours a name. */
function playerNumber(row: Pick<NowPlayingRow, 'user_id' | 'player'>): number {
  let hash = 2166136261;
  for (const char of `${row.user_id}\n${row.player}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 1) + 1;
}

/**
 * scrobble: submission=false says what the app (`c`) starts playing now; a submission counts a
 * play exactly as the web player's stream from the start does (audio and collection counters,
 * only for a track the caller may play in full: a preview is not a play). Every id is checked
 * first, so an invisible one (70) counts nothing.
 */
async function scrobble({ deps, caller, params }: SubsonicContext) {
  requireBrowse(caller);
  const ids = params.getAll('id');
  if (ids.length === 0) throw new SubsonicError(10, 'Required parameter is missing: id');
  const times = params.getAll('time');
  const submission = params.get('submission') !== 'false';
  const { listens, appPlays } = deps.services;
  const now = Date.now();
  const plays: AppPlay[] = [];
  for (const [index, raw] of ids.entries()) {
    const checked = await listens.check(caller, parseRefOf(raw, 'song'));
    plays.push({ ...checked, at: timeOf(times[index], now) });
  }
  const app = params.get('c') ?? 'unknown';
  await appPlays.record(caller, plays, submission, app);
  // The same path as the web app's plays: ListenBrainz and Last.fm (issue 33, section 2).
  const last = plays.at(-1);
  if (!submission && last !== undefined) await listens.nowPlaying(caller, last.fileId);
  if (submission) {
    const heard = plays.filter((play) => play.full);
    await listens.report(
      caller,
      heard.map((play) => ({ fileId: play.fileId, listenedAt: play.at, playedMs: null })),
      false,
      app,
    );
  }
  return {};
}

/** getNowPlaying: every user's players, songs the caller may see only. */
async function getNowPlaying({ deps, caller }: SubsonicContext) {
  requireBrowse(caller);
  const now = Date.now();
  const rows = await deps.services.appPlays.nowPlaying(caller, now);
  const songs = await songsFor(
    deps,
    caller,
    rows.map((row) => row.file_id),
  );
  const byId = new Map(songs.map((song) => [Number(song.id), song]));
  const entry = rows.flatMap((row) => {
    const song = byId.get(row.file_id);
    if (song === undefined) return [];
    return [
      {
        ...song,
        username: row.user_name,
        minutesAgo: Math.max(0, Math.floor((now - Date.parse(row.started_at)) / 60_000)),
        playerId: playerNumber(row),
        playerName: row.player,
      },
    ];
  });
  return { nowPlaying: { entry } };
}

export const scrobbleCalls: SubsonicCalls = { scrobble, getNowPlaying };
