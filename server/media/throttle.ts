import { Transform, type TransformCallback } from 'node:stream';
import { PaceClock } from './stream-pace';

/**
 * Passes bytes through at no more than `bytesPerSecond` (the role's speed limit, or a playback
 * stream's pace) after the first `burstBytes`, which go at once. Chunks are cut into slices of a
 * tenth of a second so the rate is smooth rather than bursty, unless `whole` chunks are asked
 * for (a pace well above what a listener needs: one timer per read, not ten a second).
 */
export class Throttle extends Transform {
  private readonly clock: PaceClock;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bytesPerSecond: number,
    burstBytes = 0,
    private readonly whole = false,
  ) {
    super();
    this.clock = new PaceClock(bytesPerSecond, burstBytes);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pushSlices(chunk, 0, done);
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    clearTimeout(this.timer);
    done(error);
  }

  private pushSlices(chunk: Buffer, offset: number, done: TransformCallback): void {
    if (offset >= chunk.length) return done();
    const slice = this.whole ? chunk.length : Math.max(1, Math.floor(this.bytesPerSecond / 10));
    const piece = chunk.subarray(offset, offset + slice);
    const wait = this.clock.waitFor(piece.length);
    const next = () => {
      if (this.destroyed) return;
      this.clock.sentBytes(piece.length);
      this.push(piece);
      this.pushSlices(chunk, offset + piece.length, done);
    };
    if (wait > 0) this.timer = setTimeout(next, wait);
    else next();
  }
}
