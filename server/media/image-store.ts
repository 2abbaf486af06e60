import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { isDiskFull } from '../errors';

export const THUMB_SIZE = 300;
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

export class InvalidImageError extends Error {}

export const isImageHash = (hash: string): boolean => HASH.test(hash);

/** Covers are content-addressed: one file per distinct image under DATA_DIR/images. */
export class ImageStore {
  constructor(private readonly root: string) {}

  path(hash: string): string {
    if (!isImageHash(hash)) throw new InvalidImageError('not an image hash');
    return join(this.root, hash.slice(0, 2), hash);
  }

  thumbnailPath(hash: string): string {
    if (!isImageHash(hash)) throw new InvalidImageError('not an image hash');
    return join(this.root, 'thumbs', hash.slice(0, 2), `${hash}.webp`);
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
    const target = this.path(hash);
    if (!(await exists(target))) await writeAtomically(target, bytes);
    return {
      hash,
      mime,
      width: meta.width ?? null,
      height: meta.height ?? null,
      size: bytes.length,
    };
  }

  /** A square-bounded WebP thumbnail, made on first request and kept. */
  async thumbnail(hash: string): Promise<string> {
    const target = this.thumbnailPath(hash);
    if (await exists(target)) return target;
    await writeAtomically(target, await this.makeThumbnail(hash));
    return target;
  }

  /**
   * The thumbnail to send: its kept file, or, when the disk under the cache is full, the bytes
   * just made, sent without keeping them. A thumbnail is a cache of a read, so a full disk is no
   * reason to refuse it (507 says "nothing was saved", which means nothing to someone viewing a
   * cover); the bytes are already in memory and are exactly what the ETag names, where the
   * original would be a different, larger file under the thumbnail's tag.
   */
  async thumbnailToSend(hash: string): Promise<{ path: string } | { data: Buffer }> {
    const target = this.thumbnailPath(hash);
    if (await exists(target)) return { path: target };
    const data = await this.makeThumbnail(hash);
    try {
      await writeAtomically(target, data);
      return { path: target };
    } catch (error) {
      if (isDiskFull(error)) return { data };
      throw error;
    }
  }

  private async makeThumbnail(hash: string): Promise<Buffer> {
    try {
      return await sharp(this.path(hash))
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      // Gone or damaged since it was stored: not something a write could fix.
      throw new InvalidImageError('the stored file is not a readable image');
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Writes to a temporary name and renames, so a reader never sees half a file. */
export async function writeAtomically(target: string, data: Buffer): Promise<void> {
  await mkdir(join(target, '..'), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, target);
  } catch (error) {
    // A full disk leaves a partial temp file: nobody else would ever remove it.
    await rm(temp, { force: true });
    throw error;
  }
}
