import { playsInFull } from '../../access/rights';
import { MediaContexts } from '../media';
import { NowPlayingRepository, type NowPlayingRow } from './now-playing.repository';
import { subsonicStep } from './subsonic-annotation-errors';
import { SubsonicError, type SubsonicCalls, type SubsonicContext } from './subsonic-call';
import { parseRefOf } from './subsonic-ids';
import { requireSubsonicBrowse, songsFor } from './subsonic-songs';

/** A report older than its track's length plus this is no longer "now playing". */
const NOW_PLAYING_GRACE_MS = 5 * 60_000;
/** Reports are looked at for a day at most, whatever the track's length. */
const NOW_PLAYING_WINDOW_MS = 24 * 3_600_000;
const NOW_PLAYING_MAX = 100;

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
  requireSubsonicBrowse(caller);
  const ids = params.getAll('id');
  if (ids.length === 0) throw new SubsonicError(10, 'Required parameter is missing: id');
  const times = params.getAll('time');
  const submission = params.get('submission') !== 'false';
  const media = deps.repositories.media;
  const contexts = new MediaContexts(media, deps.settings);
  const now = Date.now();
  const plays = [];
  for (const [index, raw] of ids.entries()) {
    const fileId = parseRefOf(raw, 'song');
    const { context, file } = await subsonicStep(() => contexts.forFile(caller, fileId));
    if (file.audio === null) throw new SubsonicError(70, 'Not found');
    const full = playsInFull(caller, context.priced, context.unlock.unlocked);
    plays.push({ fileId, collectionId: file.collectionId, full, at: timeOf(times[index], now) });
  }
  const scrobbles = new NowPlayingRepository(deps.db);
  for (const play of plays) {
    if (!submission) {
      await scrobbles.recordNowPlaying(
        caller.userId,
        params.get('c') ?? 'unknown',
        play.fileId,
        play.at,
      );
    } else if (play.full) {
      await media.countPlay(play.fileId, play.collectionId, play.at);
    }
  }
  // The same path as the web app's plays: ListenBrainz and Last.fm (issue 33, section 2).
  const last = plays.at(-1);
  if (!submission && last !== undefined) await deps.scrobbles.nowPlaying(caller, last.fileId);
  if (submission) {
    const listens = plays.filter((play) => play.full);
    await deps.scrobbles.report(
      caller,
      listens.map((play) => ({ fileId: play.fileId, listenedAt: play.at, playedMs: null })),
      false,
    );
  }
  return {};
}

/** getNowPlaying: every user's players, songs the caller may see only. */
async function getNowPlaying({ deps, caller }: SubsonicContext) {
  requireSubsonicBrowse(caller);
  const now = Date.now();
  const since = new Date(now - NOW_PLAYING_WINDOW_MS).toISOString();
  const rows = (
    await new NowPlayingRepository(deps.db).nowPlayingSince(since, caller, NOW_PLAYING_MAX)
  ).filter(
    (row) => Date.parse(row.started_at) + (row.duration ?? 0) * 1000 + NOW_PLAYING_GRACE_MS > now,
  );
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
