import { createHash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import type { Readable } from 'node:stream';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { THUMB_WIDTH } from '../../domain/image-path';
import { isDiskFull } from '../errors';
import { LocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';

const HASH = /^[0-9a-f]{64}$/;
const MIMES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/avif',
};

export interface StoredImage {
  hash: string;
  mime: string;
  width: number | null;
  height: number | null;
  size: number;
}

/** A resized copy: its kept file, or its bytes when they were just made. */
export type KeptCopy = { key: string; size: number } | { data: Buffer };

export class InvalidImageError extends Error {}

export const isImageHash = (hash: string): boolean => HASH.test(hash);

/**
 * Covers are content-addressed: one object per distinct image under "images/" of the storage
 * (DATA_DIR/images on a local folder), thumbnails under "images/thumbs/".
 */
export class ImageStore {
  private readonly storage: Storage;
  private readonly prefix: string;

  /** The storage (its "images/" keys), or an images folder on this machine. */
  constructor(target: Storage | string) {
    if (typeof target === 'string') {
      this.storage = new LocalStorage(dirname(target));
      this.prefix = basename(target);
    } else {
      this.storage = target;
      this.prefix = 'images';
    }
  }

  /** The original's storage key. */
  key(hash: string): string {
    if (!isImageHash(hash)) throw new InvalidImageError('not an image hash');
    return `${this.prefix}/${hash.slice(0, 2)}/${hash}`;
  }

  /**
   * A WebP copy's key: the thumbnail's where it has always been, a larger width under a folder
   * of its own (thumbs/720/...), so kept thumbnails stay valid.
   */
  thumbnailKey(hash: string, width: number = THUMB_WIDTH): string {
    if (!isImageHash(hash)) throw new InvalidImageError('not an image hash');
    const folder = width === THUMB_WIDTH ? 'thumbs' : `thumbs/${width}`;
    return `${this.prefix}/${folder}/${hash.slice(0, 2)}/${hash}.webp`;
  }

  /** Size of a stored original or thumbnail, or null when it is not stored. */
  async size(key: string): Promise<number | null> {
    return (await this.storage.stat(key))?.size ?? null;
  }

  read(key: string): Promise<Readable> {
    return this.storage.read(key);
  }

  /** Checks that the bytes are a real image, then stores them once (no-op when present). */
  async put(bytes: Buffer): Promise<StoredImage> {
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw new InvalidImageError('the file is not an image');
    }
    const mime = meta.format ? MIMES[meta.format] : undefined;
    if (!mime) throw new InvalidImageError(`unsupported image format ${meta.format ?? ''}`);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const target = this.key(hash);
    if ((await this.storage.stat(target)) === null) await this.storage.write(target, bytes);
    return {
      hash,
      mime,
      width: meta.width ?? null,
      height: meta.height ?? null,
      size: bytes.length,
    };
  }

  /**
   * The square-bounded WebP copy to send (a thumbnail, or a cover at one of the page's widths):
   * see keptCopy.
   */
  async thumbnailToSend(hash: string, width: number = THUMB_WIDTH): Promise<KeptCopy> {
    return this.keptCopy(this.thumbnailKey(hash, width), () =>
      this.resized(hash, width, (image) => image.webp({ quality: 80 })),
    );
  }

  /**
   * The cover at most `size` pixels wide and high (apps ask for the size they draw), PNG kept
   * as PNG (transparency) and anything else as JPEG, which every client reads; kept beside the
   * thumbnails, one file per size (see keptCopy).
   */
  async sizedToSend(hash: string, size: number, png: boolean): Promise<KeptCopy> {
    if (!isImageHash(hash)) throw new InvalidImageError('not an image hash');
    const target = `${this.prefix}/sized/${size}/${hash.slice(0, 2)}/${hash}.${png ? 'png' : 'jpg'}`;
    return this.keptCopy(target, () =>
      this.resized(hash, size, (image) => (png ? image.png() : image.jpeg({ quality: 85 }))),
    );
  }

  /**
   * A copy made from the original on the first request and kept under `target`. Once made, it is
   * sent from memory: the bytes are at hand and are exactly what the kept file holds (and what
   * the ETag names). When the disk under the cache is full, they are sent without keeping them:
   * a resized cover is a cache of a read, so a full disk is no reason to refuse it (507 says
   * "nothing was saved", which means nothing to someone viewing a cover).
   */
  private async keptCopy(target: string, make: () => Promise<Buffer>): Promise<KeptCopy> {
    const kept = await this.storage.stat(target);
    if (kept !== null) return { key: target, size: kept.size };
    const data = await make();
    try {
      await this.storage.write(target, data);
    } catch (error) {
      if (!isDiskFull(error)) throw error;
    }
    return { data };
  }

  /** The original at most `bound` pixels wide and high, never enlarged, encoded by `encode`. */
  private async resized(
    hash: string,
    bound: number,
    encode: (image: Sharp) => Sharp,
  ): Promise<Buffer> {
    try {
      const image = sharp(await this.bytes(hash)).resize(bound, bound, {
        fit: 'inside',
        withoutEnlargement: true,
      });
      return await encode(image).toBuffer();
    } catch {
      // Gone or damaged since it was stored: answered like an unknown image, not something a
      // write could fix.
      throw new InvalidImageError('the stored file is not a readable image');
    }
  }

  /** The original's bytes: covers are small, and sharp wants them whole anyway. */
  async bytes(hash: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(this.key(hash))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
