import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { PaceClock, type Pace } from './stream-pace';

/**
 * One read of a paced stream: a second of its pace, between 64 KiB and an unpaced stream's
 * 256 KiB (stored-files.ts). Whole 256 KiB reads held back a low bit rate track's next bytes
 * for seconds (an Ogg Vorbis at 12 kB/s is paced at 49 kB/s); smaller ones for every stream
 * cost more turns of the event loop (64 KiB reads: 361 stalls at 1,000 listeners).
 */
const MIN_READ_BYTES = 64 << 10;
const MAX_READ_BYTES = 256 << 10;

/**
 * Bytes `start` to `end` (inclusive) of a file on this machine, read only when the pace allows
 * them (a head start, then `bytesPerSecond`). Waiting before the read, not after it, keeps a
 * paced listener's bytes on disk until they are due: a read stream behind a Throttle held two
 * reads per listener in memory (534 MB of RSS at 1,000 listeners against 268 MB unpaced).
 */
export class PacedFileStream extends Readable {
  private file: FileHandle | undefined;
  private position: number;
  private readonly clock: PaceClock;
  private readonly readBytes: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly path: string,
    start: number,
    private readonly end: number,
    pace: Pace,
  ) {
    // Nothing read ahead of what the consumer takes.
    super({ highWaterMark: 1 });
    this.position = start;
    this.clock = new PaceClock(pace.bytesPerSecond, pace.burstBytes);
    this.readBytes = Math.min(MAX_READ_BYTES, Math.max(MIN_READ_BYTES, pace.bytesPerSecond));
  }

  override _read(): void {
    const length = Math.min(this.readBytes, this.end - this.position + 1);
    if (length <= 0) {
      this.push(null);
      return;
    }
    const wait = this.clock.waitFor(length);
    if (wait > 0) this.timer = setTimeout(() => void this.readNext(length), wait);
    else void this.readNext(length);
  }

  private async readNext(length: number): Promise<void> {
    try {
      if (this.file === undefined) {
        const opened = await open(this.path, 'r');
        // Destroyed while it opened (the listener left): nothing else would close it.
        if (this.destroyed) return void opened.close().catch(() => undefined);
        this.file = opened;
      }
      const { bytesRead, buffer } = await this.file.read(
        Buffer.allocUnsafe(length),
        0,
        length,
        this.position,
      );
      if (this.destroyed) return;
      // A file cut shorter meanwhile ends the body early; the client sees a short answer.
      if (bytesRead === 0) return void this.push(null);
      this.position += bytesRead;
      this.clock.sentBytes(bytesRead);
      this.push(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
    } catch (error) {
      this.destroy(error as Error);
    }
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    clearTimeout(this.timer);
    const file = this.file;
    this.file = undefined;
    if (file === undefined) return done(error);
    file.close().then(
      () => done(error),
      () => done(error),
    );
  }
}
