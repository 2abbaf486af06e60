import { Transform, type TransformCallback } from 'node:stream';
import {
  OTHER_UPLOAD_MAX_BYTES,
  SNIFF_BYTES,
  sniffBinary,
  TEXT_TYPE,
  type SniffedType,
} from '../../../domain/upload';
import { PayloadTooLarge, UnsupportedMediaType } from '../../errors';

const REFUSED =
  'This kind of file is not accepted: send audio (FLAC, MP3, OGG/Opus, WAV, AIFF, M4A/AAC, WMA), ' +
  'an image (PNG, JPEG, WebP, GIF), a PDF or a plain UTF-8 text file';

const megabytes = (bytes: number): string => `${Math.floor(bytes / 1_000_000)} MB`;

/**
 * Passes an upload through unchanged while deciding its type from the first bytes and
 * enforcing that type's size limit as the bytes arrive, so a refused file is cut off early
 * instead of being written in full first. Text is checked to the last byte: valid UTF-8
 * (a character split across chunks is fine) and no NUL.
 */
export class UploadInspector extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private type: SniffedType | null = null;
  private decoder: TextDecoder | null = null;
  size = 0;

  constructor(private readonly audioMaxBytes: number) {
    super();
  }

  /** The type decided from the first bytes, or null before they arrived. */
  get sniffedSoFar(): SniffedType | null {
    return this.type;
  }

  /** The decided type; valid once the stream has finished. */
  get sniffed(): SniffedType {
    if (this.type === null) throw new Error('upload type read before the upload finished');
    return this.type;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.size += chunk.length;
      if (this.type === null) {
        this.head.push(chunk);
        this.headLength += chunk.length;
        if (this.headLength < SNIFF_BYTES) return done();
        this.decide();
        this.releaseHead();
      } else {
        this.check(chunk);
        this.push(chunk);
      }
      this.checkSize();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      if (this.type === null) {
        this.decide();
        this.releaseHead();
      }
      this.decoder?.decode(); // throws on a character cut off at the end
      done();
    } catch (error) {
      done(error instanceof TypeError ? new UnsupportedMediaType(REFUSED) : (error as Error));
    }
  }

  private decide(): void {
    const head = Buffer.concat(this.head);
    this.type = sniffBinary(head) ?? TEXT_TYPE;
    if (this.type.kind === 'text') this.decoder = new TextDecoder('utf-8', { fatal: true });
  }

  private releaseHead(): void {
    for (const chunk of this.head) {
      this.check(chunk);
      this.push(chunk);
    }
    this.head = [];
  }

  private check(chunk: Buffer): void {
    if (this.decoder === null) return;
    if (chunk.includes(0)) throw new UnsupportedMediaType(REFUSED);
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      throw new UnsupportedMediaType(REFUSED);
    }
  }

  private checkSize(): void {
    if (this.type === null) return;
    const max = this.type.kind === 'audio' ? this.audioMaxBytes : OTHER_UPLOAD_MAX_BYTES;
    if (this.size > max) throw tooLarge(this, this.audioMaxBytes);
  }
}

/** The 413 for this file's type (audio when the parser cut it off before the type was known). */
export function tooLarge(inspector: UploadInspector, audioMaxBytes: number): PayloadTooLarge {
  const kind = inspector.sniffedSoFar?.kind ?? 'audio';
  return kind === 'audio'
    ? new PayloadTooLarge(`Audio files may be at most ${megabytes(audioMaxBytes)}`)
    : new PayloadTooLarge(
        `Images, PDFs and text files may be at most ${megabytes(OTHER_UPLOAD_MAX_BYTES)}`,
      );
}
