import { sql } from 'kysely';
import { foldText } from '../../../domain/search-text';
import { parseJson, type Dialect } from '../../db/database';
import type { TermKind } from '../../db/catalogue-tables';
import type { Executor } from './catalogue-write.repository';
import { VARIOUS_ARTISTS } from '../../../domain/artist-keys';
import { withExecutor } from '../../db/with-executor';
import type { ArtistsRepository } from '../artists';
import { aggregateTracks, albumArtistNames, searchText } from './collection-aggregate';

export class CollectionDerivedRepository {
  constructor(
    private readonly db: Executor,
    private readonly artistRows: ArtistsRepository,
  ) {}

  /** Recomputes the aggregated audio fields, filter terms and search text from the files. */
  async refreshCollectionAggregates(dialect: Dialect, collectionId: number): Promise<void> {
    const collection = await this.db
      .selectFrom('collections')
      .select(['name'])
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    if (!collection) return;
    const rows = await this.db
      .selectFrom('audio')
      .innerJoin('files', 'files.file_id', 'audio.file_id')
      .select([
        'audio.title',
        'audio.artists',
        'audio.label',
        'audio.genres',
        'audio.bpm',
        'audio.release_date',
        'audio.duration',
        'audio.format',
        'audio.bitrate',
        'audio.album_artist',
        'audio.compilation',
      ])
      .where('files.collection_id', '=', collectionId)
      // A missing file (decision 0056) is in no aggregate nor search text until it returns.
      .where('files.missing_since', 'is', null)
      .execute();
    await this.refreshMissingMark(collectionId, rows.length);
    const aggregate = aggregateTracks(
      rows.map((r) => ({
        title: r.title,
        artists: parseJson<string[]>(r.artists, []),
        label: r.label,
        genres: parseJson<string[]>(r.genres, []),
        bpm: r.bpm,
        releaseDate: r.release_date,
        duration: r.duration,
        format: r.format,
        bitrate: r.bitrate,
      })),
    );
    await this.refreshAlbumArtists(
      collectionId,
      albumArtistNames(
        rows.map((r) => ({
          albumArtist: r.album_artist,
          artists: parseJson<string[]>(r.artists, []),
          compilation: Number(r.compilation) === 1,
        })),
      ),
    );
    const text = searchText(
      collection.name,
      aggregate,
      rows.map((r) => r.title),
    );
    await this.db
      .updateTable('collections')
      .set({
        artists: JSON.stringify(aggregate.artists),
        label: aggregate.label,
        genres: JSON.stringify(aggregate.genres),
        bpm: aggregate.bpm,
        release_date: aggregate.releaseDate,
        duration: aggregate.duration,
        format: aggregate.format,
        bitrate: aggregate.bitrate,
        search_text: text.all,
      })
      .where('collection_id', '=', collectionId)
      .execute();
    await this.replaceCollectionTerms(
      collectionId,
      ['genre', 'artist', 'label'],
      [
        ...aggregate.genres.map((value) => ({ kind: 'genre' as const, value })),
        ...aggregate.artists.map((value) => ({ kind: 'artist' as const, value })),
        ...(aggregate.label ? [{ kind: 'label' as const, value: aggregate.label }] : []),
      ],
    );
    if (dialect === 'sqlite') {
      await sql`DELETE FROM collections_fts WHERE rowid = ${collectionId}`.execute(this.db);
      await sql`INSERT INTO collections_fts (rowid, name, people, tracks)
        VALUES (${collectionId}, ${text.name}, ${text.people}, ${text.tracks})`.execute(this.db);
    }
  }

  /**
   * A collection whose every audio file is missing is missing too (lists skip it with one
   * condition); it returns with its first file. The first date is kept across rescans.
   * An empty one keeps the mark its caller gave (LibraryFilesRepository.removeIfEmpty).
   */
  private async refreshMissingMark(collectionId: number, present: number): Promise<void> {
    const missing =
      present > 0
        ? undefined
        : await this.db
            .selectFrom('files')
            .innerJoin('audio', 'audio.file_id', 'files.file_id')
            .select('files.missing_since')
            .where('files.collection_id', '=', collectionId)
            .where('files.missing_since', 'is not', null)
            .orderBy('files.missing_since')
            .executeTakeFirst();
    // No file at all (a retag emptied it, kept for its unlocks): the caller's mark stays.
    if (present === 0 && missing === undefined) return;
    await this.db
      .updateTable('collections')
      .set({ missing_since: missing?.missing_since ?? null })
      .where('collection_id', '=', collectionId)
      .execute();
  }

  /** Album artists by name: their sort names and ids were learnt when the tracks were read. */
  private async refreshAlbumArtists(collectionId: number, names: string[]): Promise<void> {
    const artists = withExecutor(this.artistRows, this.db);
    const credits = names.map((name) => ({
      name,
      sortName: null,
      mbid: name === VARIOUS_ARTISTS.name ? VARIOUS_ARTISTS.mbid : null,
    }));
    await artists.setCollectionArtists(collectionId, await artists.resolve(credits));
  }

  /** Replaces the collection's filter terms of the given kinds. */
  async replaceCollectionTerms(
    collectionId: number,
    kinds: TermKind[],
    terms: Array<{ kind: TermKind; value: string }>,
  ): Promise<void> {
    await this.db
      .deleteFrom('collection_terms')
      .where('collection_id', '=', collectionId)
      .where('kind', 'in', kinds)
      .execute();
    const unique = new Map<string, { kind: TermKind; value: string; value_key: string }>();
    for (const term of terms) {
      const key = foldText(term.value);
      if (key) unique.set(`${term.kind}\u0000${key}`, { ...term, value_key: key });
    }
    if (unique.size === 0) return;
    await this.db
      .insertInto('collection_terms')
      .values([...unique.values()].map((t) => ({ collection_id: collectionId, ...t })))
      .execute();
  }
}
