import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import type { MediaRepository } from '../media';
import type { CheckedPlay } from './listens.service';
import type { NowPlayingRepository, NowPlayingRow } from './now-playing.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  nowPlaying: NowPlayingRepository;
  media: MediaRepository;
}

/** A report older than its track's length plus this is no longer "now playing". */
const NOW_PLAYING_GRACE_MS = 5 * 60_000;
/** Reports are looked at for a day at most, whatever the track's length. */
const NOW_PLAYING_WINDOW_MS = 24 * 3_600_000;
const NOW_PLAYING_MAX = 100;

/** A play an app reported, checked by ListensService.check, and when it started (ISO). */
export type AppPlay = CheckedPlay & { at: string };

/**
 * What phone and desktop apps report playing (Subsonic's scrobble and getNowPlaying), beside
 * the listens queued for ListenBrainz and Last.fm (ListensService): the counters a finished
 * play moves, and what each app plays now.
 */
export class AppPlaysService {
  constructor(private readonly repos: Repositories) {}

  /**
   * A submission counts each play heard in full exactly as the web player's stream from the
   * start does (track and collection counters; a preview is no play); otherwise each is what
   * the app `player` of the caller plays now.
   */
  async record(
    caller: Caller,
    plays: readonly AppPlay[],
    submission: boolean,
    player: string,
  ): Promise<void> {
    for (const play of plays) {
      if (!submission)
        await this.repos.nowPlaying.recordNowPlaying(caller.userId, player, play.fileId, play.at);
      else if (play.full) await this.repos.media.countPlay(play.fileId, play.collectionId, play.at);
    }
  }

  /** Every user's players and what they play, songs the viewer may see only, newest first. */
  async nowPlaying(viewer: Caller, now: number): Promise<NowPlayingRow[]> {
    requireBrowse(viewer);
    const since = new Date(now - NOW_PLAYING_WINDOW_MS).toISOString();
    const rows = await this.repos.nowPlaying.nowPlayingSince(since, viewer, NOW_PLAYING_MAX);
    // A player that stopped reporting is playing nothing once its track would have ended.
    return rows.filter(
      (row) => Date.parse(row.started_at) + (row.duration ?? 0) * 1000 + NOW_PLAYING_GRACE_MS > now,
    );
  }
}
