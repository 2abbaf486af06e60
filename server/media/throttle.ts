import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes bytes through at no more than `bytesPerSecond` (the role's speed limit, or a playback
 * stream's pace) after the first `burstBytes`, which go at once. Chunks are cut into slices of a
 * tenth of a second so the rate is smooth rather than bursty, unless `whole` chunks are asked
 * for (a pace well above what a listener needs: one timer per read, not ten a second).
 */
export class Throttle extends Transform {
  private readonly started = Date.now();
  private sent = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes = 0,
    private readonly whole = false,
  ) {
    super();
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
    const due = ((this.sent + piece.length - this.burstBytes) / this.bytesPerSecond) * 1000;
    const wait = due - (Date.now() - this.started);
    const next = () => {
      if (this.destroyed) return;
      this.sent += piece.length;
      this.push(piece);
      this.pushSlices(chunk, offset + piece.length, done);
    };
    if (wait > 0) this.timer = setTimeout(next, wait);
    else next();
  }
}
