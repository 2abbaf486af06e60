import type { Transaction } from 'kysely';
import type { Lyrics, LyricsLine } from '../../../domain/lyrics';
import { visibleTo, type Visibility } from '../../access/collections';
import { nowIso, parseJson, type Db } from '../../db/database';
import type { LyricsTable } from '../../db/catalogue-tables';
import type { Database } from '../../db/tables';

export type LyricsSource = LyricsTable['source'];

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
      .where(visibleTo(viewer, 'c'))
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.lines === null || row.synced === null) return null;
    return { synced: Number(row.synced) === 1, lines: parseJson<LyricsLine[]>(row.lines, []) };
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
