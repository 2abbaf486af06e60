import type { FastifyBaseLogger } from 'fastify';
import {
  countsAsListen,
  OLDEST_LISTEN_DAYS,
  worthReporting,
  type ScrobbleService,
} from '../../../domain/scrobbling';
import type { Caller } from '../../access/caller';
import { playsInFull } from '../../access/rights';
import { parseJson } from '../../db/database';
import { HttpError, WrongKind } from '../../errors';
import type { SecretBox } from '../../security/secret-box';
import type { ListensHistoryRepository, NewHistoryListen } from '../history';
import type { MediaContexts } from '../media';
import type { ScrobbleClient, ScrobbleTrack } from './scrobble-client';
import type { NewListen, ScrobblingRepository } from './scrobbling.repository';

/** A track an app reports playing, checked: whose collection, and whether it counts as a play. */
export interface CheckedPlay {
  fileId: number;
  collectionId: number;
  /** The caller may play it in full: a preview is not a play. */
  full: boolean;
}

/** A play as the web app or a Subsonic app reports it. */
export interface Play {
  fileId: number;
  /** When it started (ISO). */
  listenedAt: string;
  /** How much was heard; null when the app judged it a listen itself (Subsonic). */
  playedMs: number | null;
}

const DAY_MS = 86_400_000;
/** A Subsonic app's name (`c`) is kept this long at most in the history. */
const CLIENT_NAME_MAX = 64;

/** A track the caller may play in full, and its collection. */
interface PlayableTrack {
  track: ScrobbleTrack;
  collectionId: number;
}

/** Whole seconds: both services keep no more, and a repeat a few ms apart is the same listen. */
const toSecond = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString();

/**
 * The one way in for plays, from /api (web app, offline queue) and /rest (Subsonic apps): each
 * is checked against server/access (a file the caller may not play in full is no listen),
 * judged by each connected service's rule and written to the outbox once; the worker sends it.
 * Now-playing goes out at once and is never retried (it is stale a few minutes later).
 */
export class ListensService {
  constructor(
    /** The media module's rules for a file (the root's one instance): who may play it. */
    private readonly contexts: MediaContexts,
    private readonly repo: ScrobblingRepository,
    private readonly clients: readonly ScrobbleClient[],
    private readonly box: SecretBox,
    private readonly wake: () => void,
    private readonly log: FastifyBaseLogger,
    /** The history module's table of plays (issue 48): every accepted play, once. */
    private readonly history: ListensHistoryRepository,
  ) {}

  /**
   * A track an app reports playing (Subsonic's scrobble), through the media module's rules:
   * one the caller may not see throws like a missing one, a file without audio is no track.
   */
  async check(caller: Caller, fileId: number): Promise<CheckedPlay> {
    const { context, file } = await this.contexts.forFile(caller, fileId);
    if (file.audio === null) throw new WrongKind('This file has no audio');
    const full = playsInFull(caller, context.priced, context.unlock.unlocked);
    return { fileId, collectionId: file.collectionId, full };
  }

  /** The track `fileId` plays, when the caller may play it in full; access errors throw. */
  async trackFor(caller: Caller, fileId: number): Promise<ScrobbleTrack | null> {
    return (await this.playable(caller, fileId))?.track ?? null;
  }

  private async playable(caller: Caller, fileId: number): Promise<PlayableTrack | null> {
    const { context, file } = await this.contexts.forFile(caller, fileId);
    if (file.audio === null) return null;
    if (!playsInFull(caller, context.priced, context.unlock.unlocked)) return null;
    const albumArtists = parseJson<string[]>(context.collection.artists, []);
    const artists = file.audio.artists.length > 0 ? file.audio.artists : albumArtists;
    const track = {
      artist: artists.join(', ') || 'Unknown Artist',
      track: file.audio.title || file.relativePath,
      release: context.collection.name,
      durationMs: Math.round(file.audio.duration * 1000),
      trackNumber: file.audio.trackNumber,
    };
    return { track, collectionId: file.collectionId };
  }

  /** Sends "now playing" to every working account of the caller, without waiting for them. */
  async nowPlaying(caller: Caller, fileId: number): Promise<void> {
    const track = await this.trackFor(caller, fileId);
    if (track === null) return;
    const accounts = (await this.repo.accountsOf(caller.userId)).filter((a) => !a.broken_at);
    for (const account of accounts) {
      const client = this.clients.find((c) => c.service === account.service);
      if (!client) continue;
      void this.sendNowPlaying(client, caller.userId, account.secret, track);
    }
  }

  /**
   * Records each play heard in full in the caller's history (once, whatever services are
   * connected; `client` is 'web' or the Subsonic app's name) and queues the plays that count
   * for each connected service (a broken one too: they go once the user reconnects). With
   * `skipRefused`, a file the caller may not see is left out rather than failing the whole
   * report (an offline queue may hold a since-hidden track). Answers how many listens were
   * queued for the services; a play reported again queues and records nothing.
   */
  async report(
    caller: Caller,
    plays: readonly Play[],
    skipRefused: boolean,
    client: string,
  ): Promise<number> {
    const services = (await this.repo.accountsOf(caller.userId)).map(
      (a) => a.service as ScrobbleService,
    );
    const now = Date.now();
    const rows: NewListen[] = [];
    const heard: NewHistoryListen[] = [];
    for (const play of plays) {
      let found: PlayableTrack | null;
      try {
        found = await this.playable(caller, play.fileId);
      } catch (error) {
        if (skipRefused && error instanceof HttpError && error.statusCode < 500) continue;
        throw error;
      }
      const at = Math.min(Date.parse(play.listenedAt), now);
      if (found === null || at < now - OLDEST_LISTEN_DAYS * DAY_MS) continue;
      const { track } = found;
      // The web app reports at the looser service's threshold; an app judged it itself.
      if (play.playedMs === null || worthReporting(play.playedMs, track.durationMs)) {
        heard.push({
          user_id: caller.userId,
          file_id: play.fileId,
          collection_id: found.collectionId,
          played_at: toSecond(at),
          client: client.slice(0, CLIENT_NAME_MAX) || 'unknown',
          duration_ms: track.durationMs,
        });
      }
      for (const service of services) {
        if (!countsAsListen(service, play.playedMs, track.durationMs)) continue;
        rows.push({
          user_id: caller.userId,
          service,
          file_id: play.fileId,
          listened_at: toSecond(at),
          track: JSON.stringify(track),
          next_attempt_at: new Date(now).toISOString(),
        });
      }
    }
    await this.history.record(heard);
    if (rows.length === 0) return 0;
    const added = await this.repo.addListens(rows);
    if (added > 0) this.wake();
    return added;
  }

  private async sendNowPlaying(
    client: ScrobbleClient,
    userId: number,
    sealed: string,
    track: ScrobbleTrack,
  ): Promise<void> {
    try {
      const outcome = await client.nowPlaying(this.box.open(sealed), track);
      if (outcome.kind === 'broken') {
        await this.repo.markBroken(userId, client.service, new Date().toISOString());
      } else if (outcome.kind !== 'sent') {
        this.log.info({ service: client.service, reason: outcome.message }, 'now playing not sent');
      }
    } catch (err) {
      this.log.warn({ err, service: client.service }, 'now playing failed');
    }
  }
}
