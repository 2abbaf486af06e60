import { sql, type Transaction } from 'kysely';
import type { ArtistRef } from '../../../domain/artist-ref';
import { artistIdentityKey, artistSearchKey } from '../../../domain/artist-keys';
import { queryWords } from '../../../domain/search-text';
import { visibleTo, type Visibility } from '../../access/collections';
import { nowIso, type Db } from '../../db/database';
import type { ArtistRow } from '../../db/catalogue-tables';
import type { Database } from '../../db/tables';
import {
  collectionColumns,
  FILE_WITH_AUDIO_COLUMNS,
  type CollectionWireRow,
  type FileWithAudioRow,
} from '../catalogue';

/** A credited name as the tags give it (server/media/audio-tags.ts ArtistCredit). */
export interface ArtistCreditInput {
  name: string;
  sortName: string | null;
  mbid: string | null;
}

const COLUMNS = sql.raw(collectionColumns('c'));

/**
 * Artists and their links to tracks and collections. The links are the truth; the JSON copies
 * (`audio.artist_refs`, `collections.artist_refs`) are rewritten with them, in the caller's
 * transaction, so answers never read a link table to show names.
 */
export class ArtistsRepository {
  constructor(private readonly db: Db | Transaction<Database>) {}

  /**
   * The artist of each credit, made when new: matched by MusicBrainz id first, else by name
   * (one without an id, or the first). A sort name or id learnt later is added, never replaced.
   */
  async resolve(credits: readonly ArtistCreditInput[]): Promise<ArtistRef[]> {
    const refs: ArtistRef[] = [];
    for (const credit of credits) {
      const name = credit.name.trim();
      if (name === '') continue;
      const artist = await this.findOrCreate({ ...credit, name });
      if (!refs.some((r) => r.artistId === artist.artistId)) refs.push(artist);
    }
    return refs;
  }

  private async findOrCreate(credit: ArtistCreditInput): Promise<ArtistRef> {
    const found = await this.findByCredit(credit);
    if (found) {
      await this.learn(found, credit);
      return { artistId: Number(found.artist_id), artistName: found.name };
    }
    // Another import (a second app server) may create the same artist between the lookup and
    // this insert: the unique indexes make ours a no-op, and the winner's row is read back.
    const row = await this.db
      .insertInto('artists')
      .values({
        name: credit.name,
        name_key: artistIdentityKey(credit.name),
        sort_name: credit.sortName,
        mbid: credit.mbid,
        search_text: artistSearchKey(credit.name, credit.sortName),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['artist_id', 'name'])
      .executeTakeFirst();
    if (row) return { artistId: Number(row.artist_id), artistName: row.name };
    const winner = await this.findByCredit(credit);
    if (!winner) throw new Error(`artist ${credit.name} was neither inserted nor found`);
    return { artistId: Number(winner.artist_id), artistName: winner.name };
  }

  /** By MusicBrainz id when tagged, else by folded name (an untagged row first). */
  private async findByCredit(credit: ArtistCreditInput): Promise<ArtistRow | undefined> {
    const key = artistIdentityKey(credit.name);
    const byMbid = credit.mbid
      ? await this.db
          .selectFrom('artists')
          .selectAll()
          .where('mbid', '=', credit.mbid)
          .executeTakeFirst()
      : undefined;
    if (byMbid) return byMbid;
    let byName = this.db.selectFrom('artists').selectAll().where('name_key', '=', key);
    // An artist tagged with another MusicBrainz id is someone else of the same name.
    if (credit.mbid) {
      const mbid = credit.mbid;
      byName = byName.where((eb) => eb.or([eb('mbid', 'is', null), eb('mbid', '=', mbid)]));
    }
    return byName
      .orderBy(sql`CASE WHEN mbid IS NULL THEN 0 ELSE 1 END`)
      .orderBy('artist_id')
      .executeTakeFirst();
  }

  private async learn(found: ArtistRow, credit: ArtistCreditInput): Promise<void> {
    const sortName = found.sort_name ?? credit.sortName;
    const mbid = found.mbid ?? credit.mbid;
    if (sortName === found.sort_name && mbid === found.mbid) return;
    await this.db
      .updateTable('artists')
      .set({ sort_name: sortName, mbid, search_text: artistSearchKey(found.name, sortName) })
      .where('artist_id', '=', found.artist_id)
      .execute();
  }

  /** Replaces a track's artists (tag order) and its JSON copy. */
  async setTrackArtists(fileId: number, refs: readonly ArtistRef[]): Promise<void> {
    await this.db.deleteFrom('track_artists').where('file_id', '=', fileId).execute();
    if (refs.length > 0)
      await this.db
        .insertInto('track_artists')
        .values(refs.map((r, position) => ({ file_id: fileId, position, artist_id: r.artistId })))
        .execute();
    await this.db
      .updateTable('audio')
      .set({ artist_refs: JSON.stringify(refs) })
      .where('file_id', '=', fileId)
      .execute();
  }

  /** Replaces a collection's album artists and its JSON copy. */
  async setCollectionArtists(collectionId: number, refs: readonly ArtistRef[]): Promise<void> {
    await this.db
      .deleteFrom('collection_artists')
      .where('collection_id', '=', collectionId)
      .execute();
    if (refs.length > 0)
      await this.db
        .insertInto('collection_artists')
        .values(
          refs.map((r, position) => ({
            collection_id: collectionId,
            position,
            artist_id: r.artistId,
          })),
        )
        .execute();
    await this.db
      .updateTable('collections')
      .set({ artist_refs: JSON.stringify(refs) })
      .where('collection_id', '=', collectionId)
      .execute();
  }

  /** Artists no track and no collection credits any more (after re-imports and deletions). */
  async deleteUnlinked(): Promise<void> {
    await sql`DELETE FROM artists WHERE
      NOT EXISTS (SELECT 1 FROM track_artists t WHERE t.artist_id = artists.artist_id) AND
      NOT EXISTS (SELECT 1 FROM collection_artists ca WHERE ca.artist_id = artists.artist_id)`.execute(
      this.db,
    );
  }

  find(artistId: number): Promise<ArtistRow | undefined> {
    return this.db
      .selectFrom('artists')
      .selectAll()
      .where('artist_id', '=', artistId)
      .executeTakeFirst();
  }

  /**
   * Collections crediting the artist (album artist or on a track) that the viewer may see,
   * newest release first.
   */
  async collectionsOf(artistId: number, viewer: Visibility): Promise<CollectionWireRow[]> {
    const result = await sql<CollectionWireRow>`SELECT ${COLUMNS} FROM collections c
      WHERE c.collection_id IN (
          SELECT collection_id FROM collection_artists WHERE artist_id = ${artistId}
          UNION
          SELECT f.collection_id FROM track_artists t JOIN files f ON f.file_id = t.file_id
          WHERE t.artist_id = ${artistId})
        AND ${visibleTo(viewer, 'c')}
      ORDER BY COALESCE(c.release_date, SUBSTR(c.added_at, 1, 10)) DESC, c.collection_id DESC
      LIMIT 500`.execute(this.db);
    return result.rows;
  }

  /** The artist's most played tracks in collections the viewer may see. */
  async topTracks(artistId: number, viewer: Visibility, limit: number) {
    const result = await sql<FileWithAudioRow & { collection_id: number }>`
      SELECT ${sql.raw(FILE_WITH_AUDIO_COLUMNS)}
      FROM track_artists t
        JOIN files f ON f.file_id = t.file_id
        JOIN audio a ON a.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
      WHERE t.artist_id = ${artistId} AND ${visibleTo(viewer, 'c')}
      ORDER BY a.play_count DESC, f.download_count DESC, f.file_id
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  /**
   * Artists whose folded name or sort name holds every word of the query (prefixes match) and
   * who are credited on a collection the viewer may see: a name from hidden music stays private.
   * One EXISTS over both links, probed per matching artist through their artist_id indexes
   * (PostgreSQL would hash every visible link of the library for an IN over a UNION).
   */
  async search(query: string, viewer: Visibility, limit: number): Promise<ArtistRow[]> {
    const words = queryWords(query);
    if (words.length === 0) return [];
    // Words are folded to letters and digits, so LIKE's wildcards cannot be among them.
    const conditions = words.map((w) => sql<boolean>`(' ' || a.search_text) LIKE ${`% ${w}%`}`);
    const result = await sql<ArtistRow>`SELECT a.* FROM artists a
      WHERE ${sql.join(conditions, sql` AND `)}
        AND EXISTS (SELECT 1 FROM collection_artists ca
            JOIN collections c ON c.collection_id = ca.collection_id
            WHERE ca.artist_id = a.artist_id AND ${visibleTo(viewer, 'c')}
          UNION ALL
          SELECT 1 FROM track_artists t JOIN files f ON f.file_id = t.file_id
            JOIN collections c ON c.collection_id = f.collection_id
            WHERE t.artist_id = a.artist_id AND ${visibleTo(viewer, 'c')})
      ORDER BY CASE WHEN a.search_text LIKE ${`${words[0]}%`} THEN 0 ELSE 1 END,
        LENGTH(a.name), a.name, a.artist_id
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }
}
