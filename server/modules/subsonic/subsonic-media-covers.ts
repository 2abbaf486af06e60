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
 * visible album's), at most `size` pixels wide and high (the images module keeps each size
 * made, like its thumbnails).
 */
export class SubsonicCovers {
  constructor(private readonly ctx: SubsonicContext) {}

  async send(ref: SubsonicRef, size: number | null): Promise<void> {
    const { request, reply, caller } = this.ctx;
    const { images } = this.ctx.deps.services;
    const hash = await this.hashOf(ref);
    if (hash === null) throw new SubsonicError(70, NOT_FOUND);
    // The images module's own rule on top: a cover only hidden collections use stays hidden.
    const image = await images.find(caller, hash, null);
    const file =
      size === null
        ? { ...(await images.file(hash, null)), mime: image.contentType }
        : await images.sized(hash, image.contentType, size);
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
  private hashOf(ref: SubsonicRef): Promise<string | null> {
    const { deps, caller } = this.ctx;
    if (ref.kind === 'artist') return deps.services.artists.coverOf(ref.id, caller);
    const kind = ref.kind === 'album' ? 'collection' : 'file';
    return deps.services.images.coverOf(caller, { kind, id: ref.id });
  }
}
