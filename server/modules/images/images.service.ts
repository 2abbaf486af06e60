import type { Readable } from 'node:stream';
import type { Caller } from '../../access/caller';
import { COLLECTION_NOT_FOUND, FILE_NOT_FOUND, requireBrowse } from '../../access/collections';
import { BadRequest, NotFound } from '../../errors';
import { THUMB_WIDTH } from '../../../domain/image-path';
import {
  InvalidImageError,
  isImageHash,
  type ImageStore,
  type KeptCopy,
} from '../../media/image-store';
import type { ImagesRepository } from './images.repository';

/** The original (null), or a WebP copy at most this many pixels wide and high. */
export type ImageWidth = number | null;

export interface VisibleImage {
  /** The ETag: the hash, then "-thumb" for the thumbnail or "-{width}" for a larger copy. */
  tag: string;
  contentType: string;
}

export interface SentFile {
  /** Opens the stored bytes when the answer is sent. */
  open(): Promise<Readable>;
  size: number;
}
export interface SentBytes {
  data: Buffer;
  size: number;
}
/** A resized cover and the type it was made in. */
export type SizedCover = (SentFile | SentBytes) & { mime: string };

/** Covers by hash: answered when the caller may see something that uses them. */
export class ImagesService {
  constructor(
    private readonly store: ImageStore,
    private readonly images: ImagesRepository,
  ) {}

  /** 404 for a cover used only by collections the caller may not see, like an unknown one. */
  async find(caller: Caller, hash: string, width: ImageWidth): Promise<VisibleImage> {
    if (!isImageHash(hash)) throw new BadRequest('hash: must be 64 hexadecimal characters');
    const mime = await this.images.visibleMime(hash, caller);
    if (mime === null) throw new NotFound('Image not found');
    if (width === null) return { tag: hash, contentType: mime };
    const tag = width === THUMB_WIDTH ? `${hash}-thumb` : `${hash}-${width}`;
    return { tag, contentType: 'image/webp' };
  }

  /**
   * The cover hash of an album, or of a song's album, for a caller who may browse and see it
   * (404 otherwise, like an unknown id); null when it has no cover.
   */
  async coverOf(
    caller: Caller,
    item: { kind: 'collection' | 'file'; id: number },
  ): Promise<string | null> {
    requireBrowse(caller);
    const hash =
      item.kind === 'collection'
        ? await this.images.collectionCover(item.id, caller)
        : await this.images.fileCollectionCover(item.id, caller);
    if (hash === undefined)
      throw new NotFound(item.kind === 'collection' ? COLLECTION_NOT_FOUND : FILE_NOT_FOUND);
    return hash;
  }

  /**
   * The cover at most `size` pixels wide and high, in the type it is sent as (see
   * ImageStore.sizedToSend); a row without its file answers like an unknown image.
   */
  async sized(hash: string, mime: string, size: number): Promise<SizedCover> {
    const png = mime === 'image/png';
    const type = png ? 'image/png' : 'image/jpeg';
    let made: KeptCopy;
    try {
      made = await this.store.sizedToSend(hash, size, png);
    } catch (error) {
      if (error instanceof InvalidImageError) throw new NotFound('Image not found');
      throw error;
    }
    if ('data' in made) return { data: made.data, size: made.data.length, mime: type };
    const { key } = made;
    return { size: made.size, mime: type, open: () => this.store.read(key) };
  }

  /**
   * What to send: a file, or a WebP copy's bytes when the disk was too full to keep it (see
   * ImageStore.thumbnailToSend). A row without its file (deleted by hand, or not an image any
   * more) answers like an unknown image.
   */
  async file(hash: string, width: null): Promise<SentFile>;
  async file(hash: string, width: ImageWidth): Promise<SentFile | SentBytes>;
  async file(hash: string, width: ImageWidth): Promise<SentFile | SentBytes> {
    const original = this.store.key(hash);
    const size = await this.store.size(original);
    if (size === null) throw new NotFound('Image not found');
    if (width === null) return { size, open: () => this.store.read(original) };
    let made: KeptCopy;
    try {
      made = await this.store.thumbnailToSend(hash, width);
    } catch (error) {
      // A full disk was answered above; any other write failure is the server's problem (500),
      // not a missing image.
      if (error instanceof InvalidImageError) throw new NotFound('Image not found');
      throw error;
    }
    if ('data' in made) return { data: made.data, size: made.data.length };
    const { key } = made;
    return { size: made.size, open: () => this.store.read(key) };
  }
}
