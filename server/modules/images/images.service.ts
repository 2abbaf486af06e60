import { stat } from 'node:fs/promises';
import type { Caller } from '../../access/caller';
import { BadRequest, NotFound } from '../../errors';
import { isImageHash, type ImageStore } from '../../media/image-store';
import type { ImagesRepository } from './images.repository';

export interface VisibleImage {
  /** The ETag: the hash, and "-thumb" for the thumbnail. */
  tag: string;
  contentType: string;
}

/** Covers by hash: answered when the caller may see something that uses them. */
export class ImagesService {
  constructor(
    private readonly store: ImageStore,
    private readonly images: ImagesRepository,
  ) {}

  /** 404 for a cover used only by collections the caller may not see, like an unknown one. */
  async find(caller: Caller, hash: string, thumb: boolean): Promise<VisibleImage> {
    if (!isImageHash(hash)) throw new BadRequest('hash: must be 64 hexadecimal characters');
    const mime = await this.images.visibleMime(hash, caller);
    if (mime === null) throw new NotFound('Image not found');
    return thumb
      ? { tag: `${hash}-thumb`, contentType: 'image/webp' }
      : { tag: hash, contentType: mime };
  }

  /** The file to send (a thumbnail is made on first use). */
  async file(hash: string, thumb: boolean): Promise<{ path: string; size: number }> {
    try {
      const path = thumb ? await this.store.thumbnail(hash) : this.store.path(hash);
      return { path, size: (await stat(path)).size };
    } catch {
      // A row without its file (deleted by hand): answer like an unknown image.
      throw new NotFound('Image not found');
    }
  }
}
