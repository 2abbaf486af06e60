import {
  isFinished,
  resumeFrom,
  resumePointOf,
  samePoint,
  WORTH_KEEPING_MS,
  type ResumePoint,
} from '../../../../domain/long-listening';
import type { Bookmark } from '../../../../domain/bookmarks';
import type { Track } from '../../../../domain/track';

/** How often a playing episode or long track sends its position (and at pause, hide, leave). */
const SAVE_EVERY_MS = 15_000;
/** A position this early after a start is still "at the start": a resume may move it. */
const STILL_AT_START_S = 3;

/** What the keeper reads of the engine and may ask of it. */
export interface ResumeHost {
  /** Seconds into the current track. */
  position(): number;
  /** Seconds; 0 while not known. */
  duration(): number;
  seek(seconds: number): void;
}

/** The server's side of it (resume-server.ts; a recording fake in the unit test). */
export interface ResumeServer {
  /** GET /api/bookmark, as fresh as it comes. */
  list(): Promise<Bookmark[]>;
  save(point: ResumePoint, positionMs: number, keepalive: boolean): Promise<unknown>;
  finish(point: ResumePoint): Promise<unknown>;
  /** Lists that show positions ("Continue listening", a podcast's episodes) ask again. */
  refresh(point: ResumePoint): void;
}

/**
 * Where the user left episodes and long library tracks (issue 49), kept on the server so any
 * device resumes there: sent every 15 s while playing, at a pause, when the page hides (with
 * `keepalive`, the page may be gone before the answer) and when the player moves to another
 * track. The last 30 s are the end: an episode is marked played, a track's bookmark deleted.
 * A recording started from its beginning resumes at its saved position, as the podcast page's
 * episodes do; one started at a chosen position (a restored queue, "Continue listening") stays.
 */
export class ResumeKeeper {
  private point: ResumePoint | null = null;
  private lastSentMs = -1;
  private lastSentAt = 0;
  private finished = false;

  constructor(
    private readonly host: ResumeHost,
    private readonly server: ResumeServer,
  ) {}

  /** `track` becomes current at `position` s (call `leave` for the one before first). */
  load(track: Track | null, position: number): void {
    this.point = track ? resumePointOf(track) : null;
    this.lastSentMs = Math.round(position * 1000);
    this.lastSentAt = Date.now();
    this.finished = false;
    if (this.point && position === 0) void this.resume(this.point);
  }

  /** The player moves away from the current track: where it was is kept, or it finished. */
  leave(): void {
    this.keep(false, true);
  }

  /** Every tick while playing: finished near the end, else sent every 15 s. */
  progress(): void {
    if (!this.point) return;
    const ms = this.host.position() * 1000;
    if (this.finishedAt(ms)) return;
    if (Date.now() - this.lastSentAt >= SAVE_EVERY_MS) this.send(ms, false, false);
  }

  paused(): void {
    this.keep(false, true);
  }

  /** The page hides or goes away: the request must outlive it. */
  hidden(): void {
    this.keep(true, true);
  }

  ended(): void {
    if (this.point) this.finish(this.point);
  }

  private keep(keepalive: boolean, refresh: boolean): void {
    if (!this.point) return;
    const ms = this.host.position() * 1000;
    if (!this.finishedAt(ms)) this.send(ms, keepalive, refresh);
  }

  /** At the end it finishes (once); moved back out of the end, it is kept again. */
  private finishedAt(ms: number): boolean {
    if (!this.point) return true;
    if (isFinished(ms, this.host.duration() * 1000)) {
      this.finish(this.point);
      return true;
    }
    this.finished = false;
    return false;
  }

  private send(ms: number, keepalive: boolean, refresh: boolean): void {
    const point = this.point;
    const rounded = Math.round(ms);
    this.lastSentAt = Date.now();
    if (!point || rounded < WORTH_KEEPING_MS || rounded === this.lastSentMs) return;
    this.lastSentMs = rounded;
    void this.server.save(point, rounded, keepalive).then(
      () => (refresh ? this.server.refresh(point) : undefined),
      () => undefined,
    );
  }

  private finish(point: ResumePoint): void {
    if (this.finished) return;
    this.finished = true;
    this.lastSentMs = -1;
    void this.server.finish(point).then(
      () => this.server.refresh(point),
      () => undefined,
    );
  }

  /** Started from its beginning: on to where it was left, unless the listener moved since. */
  private async resume(point: ResumePoint): Promise<void> {
    const list = await this.server.list().catch(() => null);
    const saved = list?.find((b) => b.kind === point.kind && b.id === point.id);
    if (!saved || !samePoint(this.point, point) || this.host.position() > STILL_AT_START_S) return;
    const durationMs = this.host.duration() * 1000 || (saved.durationMs ?? 0);
    const from = resumeFrom(saved.positionMs, durationMs);
    if (from === null) return;
    this.lastSentMs = from;
    this.host.seek(from / 1000);
  }
}
