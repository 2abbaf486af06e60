import { worthReporting, type ListenReport } from '../../../../domain/scrobbling';
import type { Track } from '../../../../domain/track';
import { api } from '../../../lib/api-client';
import { sendOrQueue, type SendResult } from '../../../lib/outbox';

/**
 * A position step longer than this (in seconds of wall time, times the playback rate) is a
 * seek, not time heard. timeupdate comes about every 250 ms; ten times that leaves room for a
 * busy phone.
 */
const MAX_STEP_S = 2.5;

export interface ListenSink {
  /** POST /api/user/now-playing: best effort, never queued (stale minutes later). */
  nowPlaying(fileId: number): void;
  /** POST /api/user/listens, queued in the IndexedDB outbox when offline. */
  listen(report: ListenReport): Promise<SendResult>;
}

const defaultSink: ListenSink = {
  nowPlaying(fileId) {
    if (!navigator.onLine) return;
    api('POST', '/api/user/now-playing', { fileId }, { silent: true }).catch(() => undefined);
  },
  listen: (report) =>
    sendOrQueue({ method: 'POST', path: '/api/user/listens', body: { listens: [report] } }),
};

interface Session {
  fileId: number;
  durationMs: number;
  startedAt: string;
  playedMs: number;
  lastPosition: number | null;
  /** Sent already: a listen is reported once, at the moment it counts. */
  reported: boolean;
}

/**
 * What the player reports for scrobbling (issues 33 and 47): "now playing" when a track starts,
 * and a listen as soon as enough of it was heard (the services' rule, domain/scrobbling.ts:
 * half the track or 4 minutes), once. Sent then, not when the track ends: a phone that kills
 * the installed app halfway through the rest of the track keeps the listen. Time heard is the sum of small steps of the playing position,
 * so seeking ahead earns nothing. A listen made offline waits in the outbox and goes with its
 * start time when the network returns; the server takes a repeated report once. The player
 * engine calls this; it never touches the audio element itself.
 */
export class ListenTracker {
  private track: Track | null = null;
  private session: Session | null = null;

  constructor(
    private readonly sink: ListenSink = defaultSink,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A track was loaded (it may not play yet): the previous one is done. */
  load(track: Track | undefined): void {
    this.finish();
    this.track = track ?? null;
  }

  /** The element plays: a new listen starts unless one is under way. */
  playing(position: number): void {
    const track = this.track;
    if (this.session !== null) {
      this.session.lastPosition = position;
      return;
    }
    if (track?.fileId === undefined || track.isPreview || track.external) return;
    this.session = {
      fileId: track.fileId,
      durationMs: Math.round(track.duration * 1000),
      startedAt: this.now().toISOString(),
      playedMs: 0,
      lastPosition: position,
      reported: false,
    };
    this.sink.nowPlaying(track.fileId);
  }

  /** The position moved while playing (about every 250 ms), at `rate` times normal speed. */
  progress(position: number, rate = 1): void {
    const session = this.session;
    if (session === null) return;
    const step = session.lastPosition === null ? 0 : position - session.lastPosition;
    if (step > 0 && step <= MAX_STEP_S * Math.max(1, rate)) session.playedMs += step * 1000;
    session.lastPosition = position;
    this.reportOnce(session);
  }

  /** The track ended, was left or the page goes away: the listen is over. */
  finish(): void {
    const session = this.session;
    this.session = null;
    if (session !== null) this.reportOnce(session);
  }

  /** Sends the listen the first time it counts; never twice for one session. */
  private reportOnce(session: Session): void {
    const playedMs = Math.round(session.playedMs);
    if (session.reported || !worthReporting(playedMs, session.durationMs)) return;
    session.reported = true;
    this.sink
      .listen({ fileId: session.fileId, listenedAt: session.startedAt, playedMs })
      .catch(() => undefined);
  }
}
