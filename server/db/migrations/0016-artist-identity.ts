import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One artist per untagged name, even with two app servers importing at once (issue 28).
 *
 * Artists without a MusicBrainz id are identified by their folded name; until now only the
 * lookup kept them unique, so two imports racing could each create the same name. A partial
 * unique index makes the second insert a no-op (`ON CONFLICT DO NOTHING`, then read the
 * winner). Duplicates made before it are merged into the oldest row first: their track and
 * album links and the JSON copies in `artist_refs` point at the survivor.
 */
export function artistIdentity(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await mergeDuplicates(db as Kysely<MergeTables>);
      await sql`CREATE UNIQUE INDEX artists_name_key_untagged ON artists (name_key) WHERE mbid IS NULL`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('artists_name_key_untagged').execute();
    },
  };
}

interface MergeTables {
  artists: { artist_id: number; name_key: string; mbid: string | null };
  track_artists: { file_id: number; artist_id: number };
  collection_artists: { collection_id: number; artist_id: number };
  audio: { file_id: number; artist_refs: string };
  collections: { collection_id: number; artist_refs: string };
}

async function mergeDuplicates(db: Kysely<MergeTables>): Promise<void> {
  const rows = await db
    .selectFrom('artists')
    .select(['artist_id', 'name_key'])
    .where('mbid', 'is', null)
    .orderBy('artist_id')
    .execute();
  const survivor = new Map<string, number>();
  const replaced = new Map<number, number>();
  for (const row of rows) {
    const kept = survivor.get(row.name_key);
    if (kept === undefined) survivor.set(row.name_key, Number(row.artist_id));
    else replaced.set(Number(row.artist_id), kept);
  }
  for (const [from, to] of replaced) {
    await db
      .updateTable('track_artists')
      .set({ artist_id: to })
      .where('artist_id', '=', from)
      .execute();
    await db
      .updateTable('collection_artists')
      .set({ artist_id: to })
      .where('artist_id', '=', from)
      .execute();
    await rewriteRefs(db, 'audio', 'file_id', from, to);
    await rewriteRefs(db, 'collections', 'collection_id', from, to);
    await db.deleteFrom('artists').where('artist_id', '=', from).execute();
  }
}

async function rewriteRefs(
  db: Kysely<MergeTables>,
  table: 'audio' | 'collections',
  key: 'file_id' | 'collection_id',
  from: number,
  to: number,
): Promise<void> {
  // The JSON is written by JSON.stringify, so the id appears exactly as "artistId":N.
  const rows = await sql<{ id: number; artist_refs: string }>`
    SELECT ${sql.ref(key)} AS id, artist_refs FROM ${sql.table(table)}
    WHERE artist_refs LIKE ${`%"artistId":${from},%`} OR artist_refs LIKE ${`%"artistId":${from}}%`}`.execute(
    db,
  );
  for (const row of rows.rows) {
    const refs = JSON.parse(row.artist_refs) as Array<{ artistId: number; artistName: string }>;
    const next = refs.map((ref) => (ref.artistId === from ? { ...ref, artistId: to } : ref));
    await sql`UPDATE ${sql.table(table)} SET artist_refs = ${JSON.stringify(next)} WHERE ${sql.ref(key)} = ${row.id}`.execute(
      db,
    );
  }
}
