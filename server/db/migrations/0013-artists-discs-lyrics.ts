import type { Generated, Kysely, Migration } from 'kysely';
import { artistIdentityKey, artistSearchKey } from '../../../domain/artist-keys';
import { idColumn, type MigrationDialect } from './id-column';

/**
 * Real music libraries (issue 28): discs, artists as entities, lyrics and tagged ReplayGain.
 *
 * - `artists` (name, sort name, MusicBrainz id) linked to tracks (`track_artists`, in tag
 *   order) and to collections (`collection_artists`, the album artists). The links are the
 *   truth; `audio.artist_refs` and `collections.artist_refs` are JSON copies written in the
 *   same transaction, so every answer that lists tracks or collections maps them without a
 *   join (search and the homepage stay one query).
 * - `audio.tags_version`: which tag reader filled the row; a re-import reads older rows again
 *   and upgrades them in place (same file ids, so likes, playlists and unlocks stay).
 * - Existing rows get artists from the names already stored, so nothing shown changes.
 */
export function artistsDiscsLyrics(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const audioColumns: Array<[string, 'integer' | 'real' | 'text']> = [
        ['disc_number', 'integer'],
        ['disc_count', 'integer'],
        ['disc_subtitle', 'text'],
        ['track_gain', 'real'],
        ['track_peak', 'real'],
        ['album_gain', 'real'],
        ['album_peak', 'real'],
      ];
      for (const [name, type] of audioColumns)
        await db.schema.alterTable('audio').addColumn(name, type).execute();
      await db.schema
        .alterTable('audio')
        .addColumn('compilation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('audio')
        .addColumn('artist_refs', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('audio')
        .addColumn('tags_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('collections')
        .addColumn('artist_refs', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      await idColumn(db.schema.createTable('artists'), 'artist_id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        // Identity: the name as tagged, case-folded (two spellings of one name are one artist).
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('sort_name', 'text')
        .addColumn('mbid', 'text')
        // Folded name and sort name, for search (same folding as collections).
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('artists_name_key').on('artists').column('name_key').execute();
      await db.schema.createIndex('artists_mbid').on('artists').column('mbid').unique().execute();

      for (const [table, owner, ownerTable] of [
        ['track_artists', 'file_id', 'files'],
        ['collection_artists', 'collection_id', 'collections'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn(owner, 'integer', (c) =>
            c.notNull().references(`${ownerTable}.${owner}`).onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('artist_id', 'integer', (c) =>
            c.notNull().references('artists.artist_id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'position'])
          .execute();
        await db.schema
          .createIndex(`${table}_artist`)
          .on(table)
          .columns(['artist_id', owner])
          .execute();
      }

      await db.schema
        .createTable('lyrics')
        .addColumn('file_id', 'integer', (c) =>
          c.primaryKey().references('files.file_id').onDelete('cascade'),
        )
        .addColumn('synced', 'integer', (c) => c.notNull())
        // JSON list of { startMs?, text } (domain/lyrics.ts).
        .addColumn('lines', 'text', (c) => c.notNull())
        // 'file' (the tags or a sidecar .lrc/.txt) or 'edited' (an admin's, kept over re-reads).
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await backfillArtists(db as Kysely<BackfillTables>);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['lyrics', 'collection_artists', 'track_artists', 'artists'])
        await db.schema.dropTable(table).execute();
      await db.schema.alterTable('collections').dropColumn('artist_refs').execute();
      for (const column of [
        'tags_version',
        'artist_refs',
        'compilation',
        'album_peak',
        'album_gain',
        'track_peak',
        'track_gain',
        'disc_subtitle',
        'disc_count',
        'disc_number',
      ])
        await db.schema.alterTable('audio').dropColumn(column).execute();
    },
  };
}

/** The columns the backfill reads and writes, as they are at this migration. */
interface BackfillTables {
  audio: { file_id: number; artists: string; album_artist: string | null; artist_refs: string };
  files: { file_id: number; collection_id: number };
  collections: { collection_id: number; artists: string; artist_refs: string };
  artists: {
    artist_id: Generated<number>;
    name: string;
    name_key: string;
    sort_name: string | null;
    mbid: string | null;
    search_text: string;
    created_at: string;
  };
  track_artists: { file_id: number; position: number; artist_id: number };
  collection_artists: { collection_id: number; position: number; artist_id: number };
}

const BATCH = 1000;

function names(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      : [];
  } catch {
    return [];
  }
}

/**
 * Gives every stored name an artist: tracks keep their artists in order; a collection's album
 * artists are its tracks' album-artist tag when they agree, else the names it shows today.
 */
async function backfillArtists(db: Kysely<BackfillTables>): Promise<void> {
  const ids = new Map<string, { id: number; name: string }>();
  const now = new Date().toISOString();
  const artistFor = async (name: string) => {
    const key = artistIdentityKey(name);
    const known = ids.get(key);
    if (known) return known;
    const row = await db
      .insertInto('artists')
      .values({
        name: name.trim(),
        name_key: key,
        sort_name: null,
        mbid: null,
        search_text: artistSearchKey(name, null),
        created_at: now,
      })
      .returning('artist_id')
      .executeTakeFirstOrThrow();
    const made = { id: Number(row.artist_id), name: name.trim() };
    ids.set(key, made);
    return made;
  };
  const refsOf = async (list: string[]) => {
    const refs: Array<{ artistId: number; artistName: string }> = [];
    for (const name of list) {
      const artist = await artistFor(name);
      if (!refs.some((r) => r.artistId === artist.id))
        refs.push({ artistId: artist.id, artistName: artist.name });
    }
    return refs;
  };

  const albumArtists = new Map<number, Set<string>>();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('audio')
      .innerJoin('files', 'files.file_id', 'audio.file_id')
      .select(['audio.file_id', 'audio.artists', 'audio.album_artist', 'files.collection_id'])
      .where('audio.file_id', '>', after)
      .orderBy('audio.file_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const refs = await refsOf(names(row.artists));
      for (const [position, ref] of refs.entries())
        await db
          .insertInto('track_artists')
          .values({ file_id: row.file_id, position, artist_id: ref.artistId })
          .execute();
      await db
        .updateTable('audio')
        .set({ artist_refs: JSON.stringify(refs) })
        .where('file_id', '=', row.file_id)
        .execute();
      const tagged = row.album_artist?.trim();
      const seen = albumArtists.get(row.collection_id) ?? new Set<string>();
      seen.add(tagged ? tagged : '');
      albumArtists.set(row.collection_id, seen);
    }
    after = Number(rows[rows.length - 1]!.file_id);
  }

  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('collections')
      .select(['collection_id', 'artists'])
      .where('collection_id', '>', after)
      .orderBy('collection_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const tags = [...(albumArtists.get(row.collection_id) ?? [])];
      const agreed = tags.length === 1 && tags[0] !== '' ? [tags[0]!] : names(row.artists);
      const refs = await refsOf(agreed);
      for (const [position, ref] of refs.entries())
        await db
          .insertInto('collection_artists')
          .values({ collection_id: row.collection_id, position, artist_id: ref.artistId })
          .execute();
      await db
        .updateTable('collections')
        .set({ artist_refs: JSON.stringify(refs) })
        .where('collection_id', '=', row.collection_id)
        .execute();
    }
    after = Number(rows[rows.length - 1]!.collection_id);
  }
}
