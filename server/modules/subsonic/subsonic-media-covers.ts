import sharp from 'sharp';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { isDiskFull } from '../../errors';
import { ImageStore } from '../../media/image-store';
import { ImagesService } from '../images';
import { mediaServices } from '../media';
import { SubsonicError, type SubsonicContext } from './subsonic-call';
import type { SubsonicRef } from './subsonic-ids';

export const COVER_SIZE = { min: 32, max: 1200 } as const;

const NOT_FOUND = 'Cover art not found';

/** Does If-None-Match name this tag (weak or strong, quoted or not, in a list, or `*`)? */
const matches = (header: string | undefined, tag: string): boolean =>
  header !== undefined &&
  header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((candidate) => candidate === tag || candidate === '*');

/**
 * `getCoverArt`: the cover the web app shows (an album's, a song's album's, an artist's newest
 * visible album's), at most `size` pixels wide and high. Resized covers are kept next to the
 * images module's thumbnails, one file per size, written once like them.
 */
export class SubsonicCovers {
  private readonly store: ImageStore;
  private readonly images: ImagesService;

  constructor(private readonly ctx: SubsonicContext) {
    this.store = new ImageStore(ctx.deps.files.storage);
    this.images = new ImagesService(this.store, ctx.deps.repositories.images);
  }

  async send(ref: SubsonicRef, size: number | null): Promise<void> {
    const { request, reply, caller } = this.ctx;
    const hash = await this.hashOf(caller, ref);
    if (hash === null) throw new SubsonicError(70, NOT_FOUND);
    // The images module's own rule on top: a cover only hidden collections use stays hidden.
    const image = await this.images.find(caller, hash, false);
    const file =
      size === null
        ? { ...(await this.images.file(hash, false)), mime: image.contentType }
        : await this.sized(hash, image.contentType, size);
    const tag = size === null ? image.tag : `${hash}-${size}`;
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('etag', `"${tag}"`);
    if (matches(request.headers['if-none-match'], tag)) {
      void reply.status(304).send();
      return;
    }
    reply.header('content-length', file.size);
    void reply.type(file.mime).send('data' in file ? file.data : await file.open());
  }

  /** The image hash behind a Subsonic id, through the same visibility rules as the web app. */
  private async hashOf(caller: Caller, ref: SubsonicRef): Promise<string | null> {
    const { contexts } = mediaServices(this.ctx.deps);
    if (ref.kind === 'album')
      return (await contexts.forCollection(caller, ref.id)).collection.image_hash;
    if (ref.kind === 'song')
      return (await contexts.forFile(caller, ref.id)).context.collection.image_hash;
    requireBrowse(caller);
    const collections = await this.ctx.deps.repositories.artists.collectionsOf(ref.id, caller);
    return collections.find((c) => c.image_hash !== null)?.image_hash ?? null;
  }

  /**
   * PNG stays PNG (transparency), everything else is sent as JPEG, which every client reads.
   * Kept once made; on a full disk the bytes just made are sent without keeping them, as the
   * web app's thumbnails are (a resized cover is a cache of a read, not something to refuse).
   */
  private async sized(hash: string, mime: string, size: number) {
    const png = mime === 'image/png';
    const resultMime = png ? 'image/png' : 'image/jpeg';
    const { storage } = this.ctx.deps.files;
    const key = `images/sized/${size}/${hash.slice(0, 2)}/${hash}.${png ? 'png' : 'jpg'}`;
    const kept = await storage.stat(key);
    if (kept !== null) return { size: kept.size, mime: resultMime, open: () => storage.read(key) };
    // A row without its file (deleted by hand) answers like an unknown cover.
    const original = await this.store.bytes(hash).catch(() => {
      throw new SubsonicError(70, NOT_FOUND);
    });
    const resized = sharp(original).resize(size, size, { fit: 'inside', withoutEnlargement: true });
    const data = await (png ? resized.png() : resized.jpeg({ quality: 85 }))
      .toBuffer()
      .catch(() => {
        throw new SubsonicError(70, NOT_FOUND);
      });
    try {
      await storage.write(key, data);
    } catch (error) {
      if (!isDiskFull(error)) throw error;
    }
    return { data, size: data.length, mime: resultMime };
  }
}
