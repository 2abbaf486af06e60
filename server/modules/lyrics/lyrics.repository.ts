import { sql, type Transaction } from 'kysely';
import { NO_LYRICS, type Lyrics, type LyricsLine } from '../../../domain/lyrics';
import { foldText, queryWords } from '../../../domain/search-text';
import { visibleTo, type Visibility } from '../../access/collections';
import { nowIso, parseJson, type Db } from '../../db/database';
import type { LyricsTable } from '../../db/catalogue-tables';
import type { Database } from '../../db/tables';

export type LyricsSource = LyricsTable['source'];

/** A track with its lyrics (none: no lines), as apps show them beside its title. */
export interface TrackLyrics {
  title: string;
  artists: string[];
  lyrics: Lyrics;
}

// The candidates of one artist read to compare titles folded; more than enough for one name.
const CANDIDATES = 2000;

const toLyrics = (synced: number | null, lines: string | null): Lyrics =>
  lines === null || synced === null
    ? NO_LYRICS
    : { synced: Number(synced) === 1, lines: parseJson<LyricsLine[]>(lines, []) };

/** Lyrics per track: read from the tags or a sidecar file at import, or written by an admin. */
export class LyricsRepository {
  constructor(private readonly db: Db | Transaction<Database>) {}

  /**
   * The track's lyrics when the viewer may see its collection: undefined when the file is
   * unknown or hidden from them, null when it has none.
   */
  async visibleLyrics(fileId: number, viewer: Visibility): Promise<Lyrics | null | undefined> {
    const row = await this.db
      .selectFrom('files as f')
      .innerJoin('audio as a', 'a.file_id', 'f.file_id')
      .innerJoin('collections as c', 'c.collection_id', 'f.collection_id')
      .leftJoin('lyrics as l', 'l.file_id', 'f.file_id')
      .select(['f.file_id', 'l.synced', 'l.lines'])
      .where('f.file_id', '=', fileId)
      .where('f.missing_since', 'is', null)
      .where(visibleTo(viewer, 'c'))
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.lines === null || row.synced === null) return null;
    return { synced: Number(row.synced) === 1, lines: parseJson<LyricsLine[]>(row.lines, []) };
  }

  /** A track the viewer may see, with its title and artists; undefined when unknown or hidden. */
  async visibleTrack(fileId: number, viewer: Visibility): Promise<TrackLyrics | undefined> {
    const row = await this.db
      .selectFrom('files as f')
      .innerJoin('audio as a', 'a.file_id', 'f.file_id')
      .innerJoin('collections as c', 'c.collection_id', 'f.collection_id')
      .leftJoin('lyrics as l', 'l.file_id', 'f.file_id')
      .select(['a.title', 'a.artists', 'l.synced', 'l.lines'])
      .where('f.file_id', '=', fileId)
      .where('f.missing_since', 'is', null)
      .where(visibleTo(viewer, 'c'))
      .executeTakeFirst();
    if (!row) return undefined;
    const artists = parseJson<string[]>(row.artists, []);
    return { title: row.title, artists, lyrics: toLyrics(row.synced, row.lines) };
  }

  /**
   * The first visible track (tracks with lyrics first, then by id) credited to an artist of this
   * name and of this title, both compared folded like search ("Bjork" finds "Björk").
   */
  async findByArtistAndTitle(
    artist: string,
    title: string,
    viewer: Visibility,
  ): Promise<TrackLyrics | undefined> {
    const words = queryWords(artist);
    const wantArtist = foldText(artist);
    const wantTitle = foldText(title);
    if (words.length === 0 || wantTitle === '') return undefined;
    // Words are folded to letters and digits, so LIKE's wildcards cannot be among them.
    const named = words.map((w) => sql<boolean>`(' ' || ar.search_text) LIKE ${`% ${w}%`}`);
    const result = await sql<{
      title: string;
      artists: string;
      synced: number | null;
      lines: string | null;
    }>`SELECT au.title, au.artists, l.synced, l.lines
      FROM artists ar
        JOIN track_artists t ON t.artist_id = ar.artist_id
        JOIN files f ON f.file_id = t.file_id
        JOIN audio au ON au.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
        LEFT JOIN lyrics l ON l.file_id = f.file_id
      WHERE ${sql.join(named, sql` AND `)} AND ${visibleTo(viewer, 'c')} AND f.missing_since IS NULL
      ORDER BY CASE WHEN l.file_id IS NULL THEN 1 ELSE 0 END, f.file_id
      LIMIT ${CANDIDATES}`.execute(this.db);
    const row = result.rows.find((r) => {
      const names = parseJson<string[]>(r.artists, []);
      return foldText(r.title) === wantTitle && names.some((n) => foldText(n) === wantArtist);
    });
    if (!row) return undefined;
    const artists = parseJson<string[]>(row.artists, []);
    return { title: row.title, artists, lyrics: toLyrics(row.synced, row.lines) };
  }

  async isAudio(fileId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('audio')
      .select('file_id')
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async save(fileId: number, lyrics: Lyrics, source: LyricsSource): Promise<void> {
    const values = {
      synced: lyrics.synced ? 1 : 0,
      lines: JSON.stringify(lyrics.lines),
      source,
      updated_at: nowIso(),
    };
    await this.db
      .insertInto('lyrics')
      .values({ file_id: fileId, ...values })
      .onConflict((oc) => oc.column('file_id').doUpdateSet(values))
      .execute();
  }

  async remove(fileId: number): Promise<void> {
    await this.db.deleteFrom('lyrics').where('file_id', '=', fileId).execute();
  }

  /** What an import read (tags or sidecar) replaces, except lyrics an admin wrote. */
  async saveImported(fileId: number, lyrics: Lyrics | null): Promise<void> {
    const current = await this.db
      .selectFrom('lyrics')
      .select('source')
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    if (current?.source === 'edited') return;
    if (lyrics === null || lyrics.lines.length === 0) await this.remove(fileId);
    else await this.save(fileId, lyrics, 'file');
  }
}
