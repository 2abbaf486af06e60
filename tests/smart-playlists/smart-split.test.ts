import { describe, expect, it } from 'vitest';
import type { SmartDefinition, SmartSortField } from '../../domain/smart-playlist';
import {
  SmartTracksRepository,
  type SplitOptions,
} from '../../server/modules/smart-playlists/smart-tracks.repository';
import { perFile, setUpLibrary, withMember } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';
import { createSmart, readSmart } from './smart-helpers';

/**
 * Sorted by last played or play count, the tracks are read in two parts (the owner's played
 * files, then the unplayed ones by file id, walked in steps on SQLite). The answer must be the
 * one query's, whichever path the unplayed part takes: the one query is the reference here.
 */
const COPIES = 12;

/** Every way the unplayed part can be read (SQLite; PostgreSQL always asks its planner). */
const PATHS: Record<string, SplitOptions> = {
  'the defaults': {},
  'probe, then the planner': { probeRowsPerTrack: 1, walkRows: 0 },
  'probe, then a walk to the end': { probeRowsPerTrack: 1, walkRows: 1_000_000 },
  'probe, a bounded walk, then the planner': { probeRowsPerTrack: 1, walkRows: 3 },
};

/** The fixture's first album copied COPIES times (26 tracks), a third of them played. */
async function playedAndUnplayed(t: TestApp, collectionId: number, userId: number) {
  // Its tracks (not the cover or the cue sheet beside them).
  const tracks = t.db
    .selectFrom('files')
    .innerJoin('audio', 'audio.file_id', 'files.file_id')
    .where('files.collection_id', '=', collectionId);
  const originals = await tracks.selectAll('files').orderBy('files.file_id').execute();
  for (let copy = 1; copy <= COPIES; copy += 1) {
    for (const { file_id: fileId, ...file } of originals) {
      const added = await t.db
        .insertInto('files')
        .values({ ...file, path: `${file.path}.copy${copy}` })
        .returning('file_id')
        .executeTakeFirstOrThrow();
      const audio = await t.db
        .selectFrom('audio')
        .selectAll()
        .where('file_id', '=', fileId)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('audio')
        .values({ ...audio, file_id: added.file_id })
        .execute();
    }
  }
  const ids = (await tracks.select('files.file_id').orderBy('files.file_id').execute()).map((row) =>
    Number(row.file_id),
  );
  // Every third track played 1 to 3 times; pairs share their last play (ties go by file id).
  let played = 0;
  for (const [index, fileId] of ids.entries()) {
    if (index % 3 !== 0) continue;
    played += 1;
    const plays = 1 + ((index / 3) % 3);
    const last = Date.UTC(2025, 0, 1 + Math.floor(index / 6));
    for (let p = 0; p < plays; p += 1) {
      await t.db
        .insertInto('listens')
        .values({
          user_id: userId,
          file_id: fileId,
          collection_id: collectionId,
          played_at: new Date(last - p * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          client: 'web',
          duration_ms: 1000,
        })
        .execute();
    }
  }
  return { files: ids.length, played };
}

const setup = perFile(async () => {
  const c = await withMember(await setUpLibrary());
  const counts = await playedAndUnplayed(c.t, c.fx.ids.free, c.user.userId);
  return { ...c, ...counts };
});

const DEFINITIONS: Record<string, Omit<SmartDefinition, 'sort'>> = {
  'no rules': { match: 'all', rules: [] },
  'a genre and a play count': {
    match: 'all',
    rules: [
      { field: 'genre', op: 'is', value: 'House' },
      { field: 'playCount', op: 'lt', value: 3 },
    ],
  },
  'any of a play count and a last play': {
    match: 'any',
    rules: [
      { field: 'playCount', op: 'gt', value: 1 },
      { field: 'lastPlayed', op: 'notInLast', value: 30 },
      { field: 'title', op: 'is', value: 'Gear' },
    ],
  },
};

const SORTS: Array<[SmartSortField, 'asc' | 'desc']> = [
  ['lastPlayed', 'desc'],
  ['lastPlayed', 'asc'],
  ['playCount', 'desc'],
  ['playCount', 'asc'],
];

describe('smart playlists sorted by the owner plays, read in two parts', () => {
  it('list the one query order for each path, sort, order and limit', async () => {
    const { t, user, played, files } = setup;
    expect(played).toBeGreaterThan(4);
    const dialect = t.config.database.kind;
    const reference = new SmartTracksRepository(t.db, dialect, { split: false });
    const scope = {
      ownerId: user.userId,
      viewer: { userId: user.userId, isAdmin: false, blacklistKeys: [], libraryIds: null },
    };
    // Fewer than the played tracks, more than them, and more than every track.
    for (const cap of [3, played + 4, files + 10]) {
      for (const [name, base] of Object.entries(DEFINITIONS)) {
        for (const [field, order] of SORTS) {
          const definition: SmartDefinition = { ...base, sort: { field, order } };
          const expected = await reference.trackIds(definition, scope, cap);
          const counted = await reference.count(definition, scope, cap);
          expect(counted.count, `${name} ${field} ${order}`).toBe(expected.length);
          for (const [path, options] of Object.entries(PATHS)) {
            const split = new SmartTracksRepository(t.db, dialect, options);
            const what = `${name}, ${field} ${order}, cap ${cap}, ${path}`;
            expect(await split.trackIds(definition, scope, cap), what).toEqual(expected);
            expect(await split.count(definition, scope, cap), what).toEqual(counted);
          }
        }
      }
    }
  });

  it('mixes played and unplayed tracks where the limit crosses them, over HTTP too', async () => {
    const { user, played } = setup;
    for (const [field, order] of SORTS) {
      const id = await createSmart(user, {
        rules: [{ field: 'genre', op: 'is', value: 'House' }],
        sort: { field, order },
        limit: played + 4,
      });
      const entries = (await readSmart(user, id)).entries;
      expect(entries).toHaveLength(played + 4);
      const reference = new SmartTracksRepository(setup.t.db, setup.t.config.database.kind, {
        split: false,
      });
      const expected = await reference.trackIds(
        {
          match: 'all',
          rules: [{ field: 'genre', op: 'is', value: 'House' }],
          sort: { field, order },
        },
        {
          ownerId: user.userId,
          viewer: { userId: user.userId, isAdmin: false, blacklistKeys: [], libraryIds: null },
        },
        played + 4,
      );
      expect(entries.map((entry) => entry.file.fileId)).toEqual(expected);
    }
  });
});
