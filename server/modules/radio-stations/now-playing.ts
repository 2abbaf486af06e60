/** A station's title is written at most this often (a station may repeat it every second). */
export const WRITE_EVERY_MS = 3000;
/** While a relay keeps hearing the same title, it is written again this often (still current). */
const REFRESH_MS = 15_000;
/** A title not written for this long (no relay running any more) is not shown. */
export const TITLE_FRESH_MS = 60_000;

interface Written {
  title: string;
  at: number;
  /** A newer title heard too soon after the last write: written when the wait is over. */
  pending?: string;
  timer?: NodeJS.Timeout;
}

/**
 * Where the ICY titles a relay hears go (issue 49): to the database, so every app server answers
 * the same "now playing", but not once per metadata block: a changed title at most every
 * WRITE_EVERY_MS per station (the latest one wins), the same title again every REFRESH_MS.
 */
export class NowPlayingWriter {
  private readonly written = new Map<number, Written>();

  constructor(
    private readonly write: (stationId: number, title: string, at: string) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  heard(stationId: number, title: string): void {
    const now = Date.now();
    const last = this.written.get(stationId);
    if (last === undefined) return this.writeNow(stationId, title, now);
    const changed = title !== last.title || last.pending !== undefined;
    if (now - last.at >= WRITE_EVERY_MS && (changed || now - last.at >= REFRESH_MS)) {
      clearTimeout(last.timer);
      return this.writeNow(stationId, title, now);
    }
    if (!changed) return;
    last.pending = title;
    last.timer ??= setTimeout(
      () => {
        const entry = this.written.get(stationId);
        if (entry?.pending !== undefined) this.writeNow(stationId, entry.pending, Date.now());
      },
      WRITE_EVERY_MS - (now - last.at),
    ).unref();
  }

  /** A removed station: no write is left waiting for it. */
  forget(stationId: number): void {
    clearTimeout(this.written.get(stationId)?.timer);
    this.written.delete(stationId);
  }

  private writeNow(stationId: number, title: string, now: number): void {
    clearTimeout(this.written.get(stationId)?.timer);
    this.written.set(stationId, { title, at: now });
    this.write(stationId, title, new Date(now).toISOString()).catch(this.onError);
  }
}

/** The title to show: the last one written, unless no relay has refreshed it lately. */
export function freshTitle(
  row: { now_playing: string | null; now_playing_at: string | null },
  now = Date.now(),
): string | null {
  if (row.now_playing === null || row.now_playing_at === null) return null;
  return now - Date.parse(row.now_playing_at) <= TITLE_FRESH_MS ? row.now_playing : null;
}
