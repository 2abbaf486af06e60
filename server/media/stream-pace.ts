/**
 * The pace of a playback stream (decision 0054). A player needs a head start to begin and a
 * buffer that stays ahead of the music, not the whole file at once; sending each new stream as
 * fast as the socket takes it made a listener who presses play cost the server about 1.2 MB of
 * reads and writes at once (the kernel's send and receive buffers fill on connect), so a crowd
 * pressing play within seconds queued behind those writes: 142 of 1,000 listeners waited over
 * 1 s for a first byte. After the head start a stream goes at a multiple of its own bit rate,
 * which keeps a player far ahead of real time and the server's work spread over the track.
 * Downloads and the app's offline copies (`whole=true`) are not paced.
 */

/** How many times real time a playback stream is sent once its head start is out. */
export const PACE_TIMES_REAL_TIME = 4;
/** The head start: this many seconds of the track, and never less than MIN_BURST_BYTES. */
const BURST_SECONDS = 10;
const MIN_BURST_BYTES = 512 << 10;

export interface Pace {
  bytesPerSecond: number;
  burstBytes: number;
}

/**
 * The pace for a file of `sizeBytes` that plays for `seconds`, or null (sent at full speed)
 * when the playing time is unknown.
 */
export function playbackPace(sizeBytes: number, seconds: number | null | undefined): Pace | null {
  if (seconds === null || seconds === undefined || !(seconds > 0) || !(sizeBytes > 0)) return null;
  const realTime = sizeBytes / seconds;
  return {
    bytesPerSecond: Math.max(1, Math.ceil(realTime * PACE_TIMES_REAL_TIME)),
    burstBytes: Math.max(MIN_BURST_BYTES, Math.ceil(realTime * BURST_SECONDS)),
  };
}

/**
 * Whether the playback pace, not the role's speed limit, sets a stream's rate: it is the slower
 * of the two, or the role has no limit (0 or null).
 */
export function paceGoverns(roleLimit: number | null, pace: Pace | null): pace is Pace {
  return pace !== null && (roleLimit === null || roleLimit <= 0 || pace.bytesPerSecond < roleLimit);
}

/** When the next bytes of a stream may go: its head start at once, then its rate. */
export class PaceClock {
  private readonly started = Date.now();
  private sent = 0;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes = 0,
  ) {}

  /** Milliseconds until `bytes` more may go; 0 or less: now. */
  waitFor(bytes: number): number {
    const due = ((this.sent + bytes - this.burstBytes) / this.bytesPerSecond) * 1000;
    return due - (Date.now() - this.started);
  }

  /** Counts bytes that went. */
  sentBytes(bytes: number): void {
    this.sent += bytes;
  }
}
