import { Transform, type TransformCallback } from 'node:stream';

/** `StreamTitle='Artist - Title';` of one metadata block, or null when it has none. */
export function streamTitle(block: string): string | null {
  const match = /StreamTitle='(.*?)';/s.exec(block);
  const title = match?.[1]?.trim();
  return title ? title.slice(0, 500) : null;
}

/**
 * Takes SHOUTcast/Icecast metadata out of a stream asked with `Icy-MetaData: 1`: after every
 * `metaint` bytes of audio comes one length byte (times 16) and that many bytes of text. The
 * audio passes on without them (a player would hear them as clicks); each title is reported.
 */
export class IcyStripper extends Transform {
  /** Audio bytes left before the next length byte (0: the length byte is next). */
  private audioLeft: number;
  /** Metadata bytes still to read (null: not inside a metadata block). */
  private metaLeft: number | null = null;
  private meta: Buffer[] = [];

  constructor(
    private readonly metaint: number,
    private readonly onTitle: (title: string) => void,
  ) {
    super();
    this.audioLeft = metaint;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.metaLeft !== null) {
        const take = Math.min(this.metaLeft, chunk.length - at);
        this.meta.push(chunk.subarray(at, at + take));
        this.metaLeft -= take;
        at += take;
        if (this.metaLeft === 0) this.endBlock();
      } else if (this.audioLeft > 0) {
        const take = Math.min(this.audioLeft, chunk.length - at);
        this.push(chunk.subarray(at, at + take));
        this.audioLeft -= take;
        at += take;
      } else {
        const length = chunk[at]! * 16;
        at += 1;
        if (length === 0) this.audioLeft = this.metaint;
        else this.metaLeft = length;
      }
    }
    done();
  }

  private endBlock(): void {
    const title = streamTitle(Buffer.concat(this.meta).toString('utf8'));
    this.meta = [];
    this.metaLeft = null;
    this.audioLeft = this.metaint;
    if (title !== null) this.onTitle(title);
  }
}
