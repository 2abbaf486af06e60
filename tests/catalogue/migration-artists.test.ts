import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrations';
import { perFile, setUpLibrary } from '../helpers/setup';

const s = perFile(() => setUpLibrary());

describe('migration 0013 on a library imported before it', () => {
  it('gives every stored artist name an artist, linked to its tracks and collections', async () => {
    const { t } = s;
    const dialect = t.config.database.kind;
    // Back to the schema before issue 28: the catalogue keeps only its JSON artist names.
    await migrate(t.db, dialect, '0012-music-uploads');
    const columns = await t.db.introspection.getTables();
    expect(columns.find((table) => table.name === 'artists')).toBeUndefined();
    await migrate(t.db, dialect, null);

    const tracks = await t.db
      .selectFrom('audio')
      .select(['file_id', 'artists', 'artist_refs'])
      .execute();
    expect(tracks.length).toBeGreaterThan(0);
    for (const track of tracks) {
      const refs = JSON.parse(track.artist_refs) as Array<{ artistId: number; artistName: string }>;
      expect(refs.map((r) => r.artistName)).toEqual(JSON.parse(track.artists));
      const links = await t.db
        .selectFrom('track_artists')
        .select(['artist_id', 'position'])
        .where('file_id', '=', track.file_id)
        .orderBy('position')
        .execute();
      expect(links.map((l) => Number(l.artist_id))).toEqual(refs.map((r) => r.artistId));
    }
    // One artist per name, however many tracks carry it.
    const artists = await t.db.selectFrom('artists').select(['name']).execute();
    expect(new Set(artists.map((a) => a.name)).size).toBe(artists.length);

    const collections = await t.db
      .selectFrom('collections')
      .select(['collection_id', 'name', 'artist_refs'])
      .execute();
    for (const collection of collections) {
      const refs = JSON.parse(collection.artist_refs) as Array<{ artistName: string }>;
      expect(refs.length, collection.name).toBeGreaterThan(0);
      const links = await t.db
        .selectFrom('collection_artists')
        .select('artist_id')
        .where('collection_id', '=', collection.collection_id)
        .execute();
      expect(links).toHaveLength(refs.length);
    }
  });
});
