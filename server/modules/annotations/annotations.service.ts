import {
  RATING_MAX,
  type Favourites,
  type FavouriteTarget,
  type RatingInput,
  type Ratings,
} from '../../../domain/annotations';
import type { PlaylistEntry } from '../../../domain/playlist';
import type { Caller } from '../../access/caller';
import { COLLECTION_NOT_FOUND, FILE_NOT_FOUND, requireBrowse } from '../../access/collections';
import { BadRequest, NotFound } from '../../errors';
import type { PlaylistsService } from '../playlists';
import type {
  AnnotatedItemsRepository,
  RatingKind,
  RatingsRepository,
  Starred,
  StarredItem,
  StarsRepository,
} from './annotations.repository';

/** What can be annotated: a file (a track), a collection (an album) or an artist. */
export type AnnotatedKind = 'file' | 'collection' | 'artist';

/** Items named by one change (Subsonic's star names several of each kind at once). */
export interface AnnotationTargets {
  files: readonly number[];
  collections: readonly number[];
  artists: readonly number[];
}

/** The caller's stars for /rest: liked files, starred collections and artists, newest first. */
export interface StarredLists {
  files: Starred[];
  collections: Starred[];
  artists: Starred[];
}

const ARTIST_NOT_FOUND = 'Artist not found';
const NO_LIKED_PLAYLIST = 'This account has no liked playlist';

const RATING_KIND: Record<AnnotatedKind, RatingKind> = {
  file: 'song',
  collection: 'album',
  artist: 'artist',
};

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

const only = (kind: AnnotatedKind, id: number): AnnotationTargets => ({
  files: kind === 'file' ? [id] : [],
  collections: kind === 'collection' ? [id] : [],
  artists: kind === 'artist' ? [id] : [],
});

/** The one id of a web request body: `{ collectionId }`, `{ artistId }` or `{ fileId }`. */
function named(input: FavouriteTarget | RatingInput): { kind: AnnotatedKind; id: number } {
  if ('collectionId' in input) return { kind: 'collection', id: input.collectionId };
  if ('artistId' in input) return { kind: 'artist', id: input.artistId };
  return { kind: 'file', id: input.fileId };
}

const itemsOf = <T>(rows: readonly StarredItem<T>[]): T[] => rows.map((row) => row.item);

/**
 * Favourites (stars) and ratings, for the web app and `/rest` alike (issue 45). A liked track
 * is an entry of the caller's liked playlist, so the heart, `star` and the favourites list are
 * one fact. Whatever the caller may not see (server/access) is missing: a change naming it is
 * 404 and changes nothing, and lists leave it out.
 */
export class AnnotationsService {
  constructor(
    private readonly stars: StarsRepository,
    private readonly ratingRows: RatingsRepository,
    private readonly items: AnnotatedItemsRepository,
    private readonly playlists: PlaylistsService,
  ) {}

  /** PUT /api/favourite: a collection or an artist. */
  favourite(caller: Caller, target: FavouriteTarget): Promise<void> {
    const { kind, id } = named(target);
    return this.star(caller, only(kind, id));
  }

  /** DELETE /api/favourite. */
  unfavourite(caller: Caller, target: FavouriteTarget): Promise<void> {
    const { kind, id } = named(target);
    return this.unstar(caller, only(kind, id));
  }

  /** PUT /api/rating: 0 clears. */
  rate(caller: Caller, input: RatingInput): Promise<void> {
    const { kind, id } = named(input);
    return this.setRating(caller, kind, id, input.rating);
  }

  /**
   * Stars every target, or (when one is missing or hidden) none. Files are liked through the
   * playlists service, whose add checks the files itself; collections and artists are checked
   * first so that a refusal there leaves the likes untouched too.
   */
  async star(caller: Caller, targets: AnnotationTargets): Promise<void> {
    requireBrowse(caller);
    const collections = unique(targets.collections);
    const artists = unique(targets.artists);
    await this.assertVisible(caller, { files: [], collections, artists });
    if (targets.files.length > 0)
      await this.playlists.addFiles(this.likedOf(caller), unique(targets.files), caller);
    await this.stars.add(caller.userId, 'album', collections);
    await this.stars.add(caller.userId, 'artist', artists);
  }

  /** Takes stars (and likes) back; every target must be visible, as for star. */
  async unstar(caller: Caller, targets: AnnotationTargets): Promise<void> {
    requireBrowse(caller);
    const wanted = {
      files: unique(targets.files),
      collections: unique(targets.collections),
      artists: unique(targets.artists),
    };
    await this.assertVisible(caller, wanted);
    if (wanted.files.length > 0) {
      const liked = this.likedOf(caller);
      // Unliking what is not liked is no change, not an error.
      const present = new Set(await this.playlists.likedIds(caller));
      for (const fileId of wanted.files.filter((id) => present.has(id)))
        await this.playlists.removeFile(liked, fileId, caller);
    }
    await this.stars.remove(caller.userId, 'album', wanted.collections);
    await this.stars.remove(caller.userId, 'artist', wanted.artists);
  }

  /** Rates a visible item 1 to 5; 0 clears its rating. */
  async setRating(caller: Caller, kind: AnnotatedKind, id: number, rating: number) {
    requireBrowse(caller);
    if (!Number.isInteger(rating) || rating < 0 || rating > RATING_MAX)
      throw new BadRequest(`rating must be 0 to ${RATING_MAX}`);
    await this.assertVisible(caller, only(kind, id));
    if (rating === 0) await this.ratingRows.remove(caller.userId, RATING_KIND[kind], id);
    else await this.ratingRows.set(caller.userId, RATING_KIND[kind], id, rating);
  }

  /** GET /api/favourites: liked tracks, favourite collections and artists still visible. */
  async favourites(caller: Caller): Promise<Favourites> {
    requireBrowse(caller);
    const [tracks, collections, artists] = await Promise.all([
      this.likedEntries(caller),
      this.stars.starredCollections(caller.userId, caller),
      this.stars.starredArtists(caller.userId, caller),
    ]);
    return { tracks, collections: itemsOf(collections), artists: itemsOf(artists) };
  }

  /** GET /api/ratings: the caller's ratings of what they may still see. */
  async ratings(caller: Caller): Promise<Ratings> {
    requireBrowse(caller);
    const rows = await this.ratingRows.visibleOf(caller.userId, caller);
    const of = (kind: RatingKind) =>
      rows.filter((r) => r.kind === kind).map((r) => ({ id: r.item_id, rating: r.rating }));
    return { files: of('song'), collections: of('album'), artists: of('artist') };
  }

  /** /rest getStarred: what the caller starred (files: liked) and may still see. */
  async starredLists(caller: Caller): Promise<StarredLists> {
    requireBrowse(caller);
    const liked = caller.user.liked_playlist;
    const [files, collections, artists] = await Promise.all([
      liked === null ? [] : this.stars.likedSongs(liked, caller),
      this.stars.starredCollections(caller.userId, caller),
      this.stars.starredArtists(caller.userId, caller),
    ]);
    return {
      files,
      collections: collections.map(({ item, at }) => ({ id: item.collectionId, at })),
      artists: artists.map(({ item, at }) => ({ id: item.artistId, at })),
    };
  }

  /**
   * When the caller starred (for files: liked) each of these items, for answers that show
   * items the caller already may see. Absent: not starred.
   */
  starredAmong(
    caller: Caller,
    kind: AnnotatedKind,
    ids: readonly number[],
  ): Promise<Map<number, string>> {
    if (kind !== 'file')
      return this.stars.starredAmong(caller.userId, kind === 'collection' ? 'album' : kind, ids);
    const liked = caller.user.liked_playlist;
    return liked === null ? Promise.resolve(new Map()) : this.stars.likedAmong(liked, ids);
  }

  /** The caller's ratings of these items (absent: not rated). */
  ratingsAmong(
    caller: Caller,
    kind: AnnotatedKind,
    ids: readonly number[],
  ): Promise<Map<number, number>> {
    return this.ratingRows.among(caller.userId, RATING_KIND[kind], ids);
  }

  /**
   * Every target is something the caller may see (a file must be audio), else 404 naming the
   * first missing one: a hidden item answers exactly like one that does not exist.
   */
  async assertVisible(caller: Caller, targets: AnnotationTargets): Promise<void> {
    const [files, collections, artists] = await Promise.all([
      this.items.visibleAudio(targets.files, caller),
      this.items.visibleCollections(targets.collections, caller),
      this.items.visibleArtists(targets.artists, caller),
    ]);
    if (targets.files.some((id) => !files.has(id))) throw new NotFound(FILE_NOT_FOUND);
    if (targets.collections.some((id) => !collections.has(id)))
      throw new NotFound(COLLECTION_NOT_FOUND);
    if (targets.artists.some((id) => !artists.has(id))) throw new NotFound(ARTIST_NOT_FOUND);
  }

  /** Liked tracks as playlist entries (playable, priced), last liked first. */
  private async likedEntries(caller: Caller): Promise<PlaylistEntry[]> {
    const liked = caller.user.liked_playlist;
    if (liked === null) return [];
    const [playlist, times] = await Promise.all([
      this.playlists.get(liked, caller),
      this.stars.likedSongs(liked, caller),
    ]);
    const rank = new Map(times.map((t, index) => [t.id, index]));
    const last = times.length;
    return [...playlist.entries].sort(
      (a, b) => (rank.get(a.file.fileId) ?? last) - (rank.get(b.file.fileId) ?? last),
    );
  }

  private likedOf(caller: Caller): number {
    const liked = caller.user.liked_playlist;
    if (liked === null) throw new NotFound(NO_LIKED_PLAYLIST);
    return liked;
  }
}
