import { sql } from 'kysely';
import { visibleTo, type Visibility } from '../../access/collections';
import type { Db, Dialect } from '../../db/database';
import { inIdList } from '../../db/id-list';
import { foldText } from '../../../domain/search-text';

/** A search word taken literally: LIKE's wildcards and its escape character escaped. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One accepted play, as ListensService hands it over (scrobbling module, through the door). */
export interface NewHistoryListen {
  user_id: number;
  file_id: number;
  collection_id: number;
  /** ISO-8601, whole seconds. */
  played_at: string;
  client: string;
  duration_ms: number;
}

/** A history entry with what the page shows of its track (null: the file was purged). */
export interface HistoryRow {
  listen_id: number;
  file_id: number;
  collection_id: number;
  played_at: string;
  client: string;
  duration_ms: number;
  title: string | null;
  artists: string | null;
  relative_path: string | null;
  collection_name: string;
  image_hash: string | null;
}

/**
 * The `listens` table (migration 0026): one row per play a user made, whichever way it came
 * (web app, its offline outbox, a Subsonic app). Lists read only listens of collections the
 * viewer may see now (access's SQL twin), so a hidden or blacklisted release drops out.
 */
export class ListensHistoryRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Keeps each play once: the unique key (user, file, second) makes a report sent again (the
   * outbox retrying after a lost answer, an app repeating itself, web and app both reporting
   * one play) no second row. Answers how many rows were new.
   */
  async record(rows: readonly NewHistoryListen[]): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await this.db
      .insertInto('listens')
      .values([...rows])
      .onConflict((oc) => oc.columns(['user_id', 'file_id', 'played_at']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * The user's listens the viewer may see whose title, artists or album hold every word
   * (`words` folded by domain/search-text's queryWords: accents and case do not count), newest
   * first. SQL has no accent folding on SQLite, and PostgreSQL's needs an extension, so the
   * words first narrow the listened files by their collection's folded search text (which holds
   * its name, artists and every title), then each file's own title, artists and album are
   * folded here, and the page is read over the files that match.
   */
  async page(
    userId: number,
    viewer: Visibility,
    words: readonly string[],
    offset: number,
    limit: number,
  ): Promise<{ rows: HistoryRow[]; total: number }> {
    const files = words.length > 0 ? await this.filesMatching(userId, viewer, words) : null;
    if (files !== null && files.length === 0) return { rows: [], total: 0 };
    const base = this.db
      .selectFrom('listens as l')
      .innerJoin('collections as c', 'c.collection_id', 'l.collection_id')
      .where('l.user_id', '=', userId)
      .where(visibleTo(viewer, 'c'))
      .$if(files !== null, (q) => q.where(inIdList(this.dialect, 'l.file_id', files ?? [])));
    const rows = await base
      .leftJoin('audio as a', 'a.file_id', 'l.file_id')
      .leftJoin('files as f', 'f.file_id', 'l.file_id')
      .select([
        'l.listen_id',
        'l.file_id',
        'l.collection_id',
        'l.played_at',
        'l.client',
        'l.duration_ms',
        'a.title',
        'a.artists',
        'f.relative_path',
        'c.name as collection_name',
        sql<string | null>`coalesce(f.image_hash, c.image_hash)`.as('image_hash'),
      ])
      .orderBy('l.played_at', 'desc')
      .orderBy('l.listen_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    // The count needs no track columns: joining them tripled its time.
    const count = await base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      rows: rows.map((row) => ({
        ...row,
        listen_id: Number(row.listen_id),
        file_id: Number(row.file_id),
        collection_id: Number(row.collection_id),
        duration_ms: Number(row.duration_ms),
      })),
      total: Number(count.n),
    };
  }

  /** The files the user listened to (visible to the viewer) whose own text holds every word. */
  private async filesMatching(
    userId: number,
    viewer: Visibility,
    words: readonly string[],
  ): Promise<number[]> {
    const candidates = await this.db
      .selectFrom('listens as l')
      .innerJoin('collections as c', 'c.collection_id', 'l.collection_id')
      .leftJoin('audio as a', 'a.file_id', 'l.file_id')
      .where('l.user_id', '=', userId)
      .where(visibleTo(viewer, 'c'))
      .where((eb) =>
        eb.and(words.map((word) => eb('c.search_text', 'like', `%${escapeLike(word)}%`))),
      )
      .select(['l.file_id', 'a.title', 'a.artists', 'c.name'])
      .distinct()
      .execute();
    return candidates
      .filter((row) => {
        const text = foldText(`${row.title ?? ''} ${row.artists ?? ''} ${row.name}`);
        return words.every((word) => text.includes(word));
      })
      .map((row) => Number(row.file_id));
  }

  /** Deletes one of the user's listens; false when it is not theirs (or not there). */
  async deleteOne(userId: number, listenId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('listens')
      .where('listen_id', '=', listenId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every listen of the user; answers how many there were. */
  async deleteAll(userId: number): Promise<number> {
    const result = await this.db
      .deleteFrom('listens')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
