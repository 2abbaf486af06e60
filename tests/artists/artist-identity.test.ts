import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrations';
import { ArtistsRepository } from '../../server/modules/artists/artists.repository';
import { perFile, setUpLibrary } from '../helpers/setup';

const s = perFile(() => setUpLibrary());

describe('one artist per untagged name', () => {
  it('two imports creating the same artist at once end with one row, used by both', async () => {
    const { db } = s.t;
    const credit = { name: 'Race Condition Orchestra', sortName: null, mbid: null };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    // The first import creates the artist and holds its transaction open; the second looks
    // the name up (not committed yet, so not seen) and inserts too. On PostgreSQL its insert
    // waits for the first to commit, then yields to the unique index; SQLite serialises.
    const first = db.transaction().execute(async (trx) => {
      const refs = await new ArtistsRepository(trx).resolve([credit]);
      firstInserted();
      await gate;
      return refs;
    });
    await inserted;
    const second = db.transaction().execute((trx) => new ArtistsRepository(trx).resolve([credit]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    const rows = await db
      .selectFrom('artists')
      .select('artist_id')
      .where('name', '=', credit.name)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('migration 0016 merges duplicates made before it into the oldest row', async () => {
    const { t } = s;
    const dialect = t.config.database.kind;
    await migrate(t.db, dialect, '0015-subsonic-annotations');
    const track = await t.db
      .selectFrom('audio')
      .innerJoin('track_artists', 'track_artists.file_id', 'audio.file_id')
      .innerJoin('artists', 'artists.artist_id', 'track_artists.artist_id')
      .select(['audio.file_id', 'artists.artist_id', 'artists.name', 'artists.name_key'])
      .where('track_artists.position', '=', 0)
      .where('artists.mbid', 'is', null)
      .executeTakeFirstOrThrow();
    const dup = await t.db
      .insertInto('artists')
      .values({
        name: track.name,
        name_key: track.name_key,
        sort_name: null,
        mbid: null,
        search_text: track.name_key,
        created_at: new Date().toISOString(),
      })
      .returning('artist_id')
      .executeTakeFirstOrThrow();
    const dupId = Number(dup.artist_id);
    await t.db
      .updateTable('track_artists')
      .set({ artist_id: dupId })
      .where('file_id', '=', track.file_id)
      .where('position', '=', 0)
      .execute();
    const refs = [{ artistId: dupId, artistName: track.name }];
    await t.db
      .updateTable('audio')
      .set({ artist_refs: JSON.stringify(refs) })
      .where('file_id', '=', track.file_id)
      .execute();

    await migrate(t.db, dialect, null);

    const left = await t.db
      .selectFrom('artists')
      .select('artist_id')
      .where('name_key', '=', track.name_key)
      .execute();
    expect(left.map((r) => Number(r.artist_id))).toEqual([Number(track.artist_id)]);
    const link = await t.db
      .selectFrom('track_artists')
      .select('artist_id')
      .where('file_id', '=', track.file_id)
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(link.artist_id)).toBe(Number(track.artist_id));
    const audio = await t.db
      .selectFrom('audio')
      .select('artist_refs')
      .where('file_id', '=', track.file_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audio.artist_refs)).toEqual([
      { artistId: Number(track.artist_id), artistName: track.name },
    ]);
  });
});
