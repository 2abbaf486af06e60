import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { Database } from '../../db/tables';
import { everyRole, roleReach, visibleTo } from '../../access/collections';

type Executor = Db | Transaction<Database>;

/** Libraries whose track ids span fewer than this are shuffled whole for a random mix. */
const SHUFFLE_WHOLE_BELOW = 20_000;
/** How many ids after a random point one random pick looks through. */
const SAMPLE_WINDOW = 1_000;

export type GeneratedKind = 'random' | 'top' | 'special';

export interface GeneratedPlaylist {
  title: string;
  description: string;
  fileIds: number[];
}

export interface PlaylistSummaryRow {
  playlist_id: number;
  title: string;
  description: string;
  public: number;
  track_count: number | string;
  image_hash: string | null;
}

/** Playlists the server builds for the homepage, and the cards the homepage shows. */
export class HomepageRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs the generation in one transaction; on PostgreSQL an advisory lock serialises it
   * across processes sharing the database (SQLite has one writer anyway).
   */
  async generating(dialect: Dialect, work: (trx: Executor) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        await sql`SELECT pg_advisory_xact_lock(hashtext('musicbox:generated-playlists'))`.execute(
          trx,
        );
      }
      await work(trx);
    });
  }

  /** How many playlists of each generated kind exist and when the oldest was made. */
  async generatedState(
    db: Executor = this.db,
  ): Promise<Map<string, { count: number; oldest: string }>> {
    const rows = await db
      .selectFrom('playlists')
      .select((eb) => ['kind', eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('kind', 'in', ['random', 'top', 'special'])
      .groupBy('kind')
      .execute();
    return new Map(rows.map((r) => [r.kind, { count: Number(r.count), oldest: r.oldest }]));
  }

  /** The preferred owner when that account exists, else the first administrator. */
  async playlistOwner(preferred: number | null, db: Executor = this.db): Promise<number | null> {
    if (preferred !== null) {
      const row = await db
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', preferred)
        .executeTakeFirst();
      if (row) return row.user_id;
    }
    const admin = await db
      .selectFrom('users')
      .select('user_id')
      .where('is_admin', '=', 1)
      .orderBy('user_id')
      .executeTakeFirst();
    return admin?.user_id ?? null;
  }

  /** Generated playlists are shared by every user: what every role may see (server/access). */
  async sharedVisibility(db: Executor = this.db) {
    const roles = await db.selectFrom('roles').select(['blacklisted_tags', 'libraries']).execute();
    return visibleTo(everyRole(roles.map(roleReach)), 'c');
  }

  /**
   * `count` distinct visible tracks picked at random. A small library is shuffled whole, which
   * is exactly uniform. A large one is sampled: each pick is the first visible track at or after
   * a random id, one index lookup instead of ordering every track (1 s on SQLite at 1,000,000
   * files, with its one connection held). A track after a gap in the ids is picked a little
   * more often; for a daily mix that is fair enough. A library whose visible tracks are too few
   * or too sparse for the samples to find falls back to the whole shuffle.
   */
  async randomFileIds(count: number, db: Executor = this.db): Promise<number[]> {
    const bounds = await db
      .selectFrom('audio')
      .select((eb) => [eb.fn.min('file_id').as('low'), eb.fn.max('file_id').as('high')])
      .executeTakeFirst();
    if (bounds?.low == null || bounds.high == null) return [];
    const low = Number(bounds.low);
    const span = Number(bounds.high) - low + 1;
    if (span <= SHUFFLE_WHOLE_BELOW) return this.fileIds(db, sql`1 = 1`, sql`random()`, count);
    const visible = await this.sharedVisibility(db);
    const picked = new Set<number>();
    for (let attempt = 0; attempt < count * 3 && picked.size < count; attempt += 1) {
      const from = low + Math.floor(Math.random() * span);
      // The window bounds one lookup's work when a stretch of ids is hidden or deleted.
      const result = await sql<{ file_id: number }>`SELECT a.file_id
        FROM audio a JOIN files f ON f.file_id = a.file_id
        JOIN collections c ON c.collection_id = f.collection_id
        WHERE a.file_id >= ${from} AND a.file_id < ${from + SAMPLE_WINDOW} AND ${visible}
          AND f.missing_since IS NULL
        ORDER BY a.file_id LIMIT 1`.execute(db);
      const row = result.rows[0];
      if (row) picked.add(Number(row.file_id));
    }
    if (picked.size < count) return this.fileIds(db, sql`1 = 1`, sql`random()`, count);
    return [...picked];
  }

  /**
   * Genres, most collections first, counted off the terms index alone: 90 ms at 1,000,000
   * files, where joining every collection to ask whether it is visible took 0.4 s warm and
   * 1.6 s cold, with SQLite's one connection held. The count decides only which genres get a
   * top list; what a list holds is read with the visibility rules (topFileIdsOfGenre), and a
   * genre nobody may see yields an empty list, which the service leaves out. Genre terms are
   * derived from a collection's tracks (collection-derived.repository), so each has audio.
   */
  async genresByCollections(limit: number, db: Executor = this.db) {
    const result = await sql<{ value_key: string; value: string }>`SELECT t.value_key,
        min(t.value) AS value
      FROM collection_terms t WHERE t.kind = 'genre'
      GROUP BY t.value_key ORDER BY count(*) DESC, t.value_key LIMIT ${limit}`.execute(db);
    return result.rows;
  }

  topFileIdsOfGenre(genreKey: string, limit: number, db: Executor = this.db) {
    return this.fileIds(
      db,
      sql<SqlBool>`c.collection_id IN (SELECT collection_id FROM collection_terms
        WHERE kind = 'genre' AND value_key = ${genreKey})`,
      sql`a.play_count DESC, f.download_count DESC, f.file_id DESC`,
      limit,
    );
  }

  freshFileIds(since: string, limit: number, db: Executor = this.db) {
    return this.fileIds(db, sql<SqlBool>`f.added_at >= ${since}`, sql`f.added_at DESC`, limit);
  }

  longestFileIds(limit: number, db: Executor = this.db) {
    // Read off audio_duration (migration 0022), audio first: SQLite otherwise walks every
    // collection and sorts all 1,000,000 tracks (16 s on the bench, with its one connection held).
    return this.fileIds(db, sql`1 = 1`, sql`a.duration DESC, a.file_id DESC`, limit, true);
  }

  /** Drops the kind's playlists (entries cascade) and writes the new ones. */
  async replaceGenerated(
    kind: GeneratedKind,
    ownerId: number,
    playlists: GeneratedPlaylist[],
    db: Executor,
  ): Promise<void> {
    await db.deleteFrom('playlists').where('kind', '=', kind).execute();
    const now = nowIso();
    for (const playlist of playlists) {
      const row = await db
        .insertInto('playlists')
        .values({
          user_id: ownerId,
          title: playlist.title,
          description: playlist.description,
          public: 1,
          created_at: now,
          kind,
        })
        .returning('playlist_id')
        .executeTakeFirstOrThrow();
      if (playlist.fileIds.length === 0) continue;
      await db
        .insertInto('playlist_files')
        .values(
          playlist.fileIds.map((fileId, position) => ({
            playlist_id: row.playlist_id,
            file_id: fileId,
            position,
            added_at: now,
          })),
        )
        .execute();
    }
  }

  /** Cards for one kind: track count and the cover of the first entry's collection. */
  async summaries(kind: string, publicOnly: boolean): Promise<PlaylistSummaryRow[]> {
    const onlyPublic = publicOnly ? sql<SqlBool>`p.public = 1` : sql<SqlBool>`1 = 1`;
    const result = await sql<PlaylistSummaryRow>`SELECT p.playlist_id, p.title, p.description,
        p.public,
        (SELECT count(*) FROM playlist_files pf WHERE pf.playlist_id = p.playlist_id)
          AS track_count,
        (SELECT c.image_hash FROM playlist_files pf
          JOIN files f ON f.file_id = pf.file_id
          JOIN collections c ON c.collection_id = f.collection_id
          WHERE pf.playlist_id = p.playlist_id ORDER BY pf.position LIMIT 1) AS image_hash
      FROM playlists p WHERE p.kind = ${kind} AND ${onlyPublic}
      ORDER BY p.playlist_id`.execute(this.db);
    return result.rows;
  }

  private async fileIds(
    db: Executor,
    condition: RawBuilder<SqlBool> | RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    limit: number,
    audioFirst = false,
  ): Promise<number[]> {
    const visible = await this.sharedVisibility(db);
    // CROSS JOIN makes SQLite keep audio as the outer loop (PostgreSQL plans it freely).
    const from = audioFirst
      ? sql`audio a CROSS JOIN files f`
      : sql`audio a JOIN files f ON f.file_id = a.file_id`;
    const result = await sql<{ file_id: number }>`SELECT f.file_id
      FROM ${from} JOIN collections c ON c.collection_id = f.collection_id
      WHERE f.file_id = a.file_id AND ${visible} AND ${condition} AND f.missing_since IS NULL
      ORDER BY ${order} LIMIT ${limit}`.execute(db);
    return result.rows.map((r) => Number(r.file_id));
  }
}
