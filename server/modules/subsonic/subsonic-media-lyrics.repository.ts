import { sql } from 'kysely';
import type { LyricsLine } from '../../../domain/lyrics';
import { foldText, queryWords } from '../../../domain/search-text';
import { visibleTo, type Visibility } from '../../access/collections';
import { parseJson, type Db } from '../../db/database';

/** A visible track with its lyrics, as `getLyrics` answers it. */
export interface TrackLyrics {
  title: string;
  artists: string[];
  lines: LyricsLine[];
}

// The candidates of one artist read to compare titles folded; more than enough for one name.
const CANDIDATES = 2000;

/** `getLyrics` by artist and title: the one lookup the web app has no call for. */
export class SubsonicLyricsRepository {
  constructor(private readonly db: Db) {}

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
    const result = await sql<{ title: string; artists: string; lines: string | null }>`
      SELECT au.title, au.artists, l.lines
      FROM artists ar
        JOIN track_artists t ON t.artist_id = ar.artist_id
        JOIN files f ON f.file_id = t.file_id
        JOIN audio au ON au.file_id = f.file_id
        JOIN collections c ON c.collection_id = f.collection_id
        LEFT JOIN lyrics l ON l.file_id = f.file_id
      WHERE ${sql.join(named, sql` AND `)} AND ${visibleTo(viewer, 'c')}
      ORDER BY CASE WHEN l.file_id IS NULL THEN 1 ELSE 0 END, f.file_id
      LIMIT ${CANDIDATES}`.execute(this.db);
    const row = result.rows.find((r) => {
      const names = parseJson<string[]>(r.artists, []);
      return foldText(r.title) === wantTitle && names.some((n) => foldText(n) === wantArtist);
    });
    if (!row) return undefined;
    return {
      title: row.title,
      artists: parseJson<string[]>(row.artists, []),
      lines: parseJson<LyricsLine[]>(row.lines, []),
    };
  }
}
