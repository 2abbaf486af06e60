import type { Artist, ArtistPage, ArtistTrack } from '../../../domain/artist';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { NotFound } from '../../errors';
import type { ArtistRow } from '../../db/catalogue-tables';
import type { CatalogueReadRepository } from '../catalogue';
import { toWireCollection, toWireCollectionFile, type CollectionWireRow } from '../catalogue';
import type { ArtistsRepository } from './artists.repository';

export const ARTIST_NOT_FOUND = 'Artist not found';
const TOP_TRACKS = 10;

const toWireArtist = (row: ArtistRow): Artist => ({
  artistId: Number(row.artist_id),
  artistName: row.name,
  artistSortName: row.sort_name,
  artistMbid: row.mbid,
});

/** Artist pages and artist search; every list is filtered by what the viewer may see. */
export class ArtistsService {
  constructor(
    private readonly artists: ArtistsRepository,
    private readonly read: CatalogueReadRepository,
  ) {}

  async page(artistId: number, viewer: Caller): Promise<ArtistPage> {
    const artist = await this.artists.find(artistId);
    if (!artist) throw new NotFound(ARTIST_NOT_FOUND);
    const [collectionRows, trackRows] = await Promise.all([
      this.artists.collectionsOf(artistId, viewer),
      this.artists.topTracks(artistId, viewer, TOP_TRACKS),
    ]);
    // An artist known only from music the viewer may not see is private like that music.
    if (collectionRows.length === 0) throw new NotFound(ARTIST_NOT_FOUND);
    const byId = new Map(collectionRows.map((row) => [Number(row.collection_id), row]));
    const missing = [
      ...new Set(trackRows.map((t) => Number(t.collection_id)).filter((id) => !byId.has(id))),
    ];
    for (const row of await this.read.collectionsByIds(missing, viewer))
      byId.set(Number(row.collection_id), row);
    const wire = await this.wire([...byId.values()], viewer);
    const collections = collectionRows.map((row) => wire.get(Number(row.collection_id))!);
    const topTracks: ArtistTrack[] = trackRows.flatMap((row) => {
      const collection = wire.get(Number(row.collection_id));
      return collection ? [{ collection, entry: toWireCollectionFile(row) }] : [];
    });
    return { artist: toWireArtist(artist), collections, topTracks };
  }

  async search(query: string, limit: number, viewer: Caller): Promise<Artist[]> {
    return (await this.artists.search(query, viewer, limit)).map(toWireArtist);
  }

  /** The cover of the artist's newest collection the viewer may see that has one. */
  async coverOf(artistId: number, viewer: Caller): Promise<string | null> {
    requireBrowse(viewer);
    const collections = await this.artists.collectionsOf(artistId, viewer);
    return collections.find((c) => c.image_hash !== null)?.image_hash ?? null;
  }

  private async wire(rows: CollectionWireRow[], viewer: Caller) {
    const ids = rows.map((r) => Number(r.collection_id));
    const unlocked = await this.read.unlockedAmong(viewer.userId, ids);
    return new Map(
      rows.map((row) => {
        const id = Number(row.collection_id);
        return [id, toWireCollection(row, unlocked.has(id) ? viewer.userId : null)] as const;
      }),
    );
  }
}
