import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { errorOf, memberWithApiRole, setUpApp, type AppSetup } from '../helpers/setup';
import { albumFolder, libraries, listed, scanned } from './library-fixture';

/**
 * Several libraries (issue 46) over the web API, on SQLite and PostgreSQL: MUSIC_DIR is the
 * first; an administrator adds a second; a role that lists only the first never shows the
 * second's album, in lists, by address or by stream; a removed library's album is hidden and
 * comes back with the same id when its folder is added again.
 */
describe('several libraries', () => {
  let first: Awaited<ReturnType<typeof albumFolder>>;
  let second: Awaited<ReturnType<typeof albumFolder>>;
  let setup: AppSetup;
  let admin: TestClient;
  let secondId: number;

  beforeAll(async () => {
    first = await albumFolder('first', 'Home Album', 'Resident');
    second = await albumFolder('second', 'Guest Album', 'Visitor');
    setup = await setUpApp({ env: { MUSIC_DIR: first.root, SCAN_INTERVAL: '0' } });
    admin = setup.admin;
    expect((await admin.post('/api/library/import')).statusCode).toBe(200);
    await scanned(admin, 1);
  });
  afterAll(async () => {
    await setup.close();
    await first.remove();
    await second.remove();
  });

  it('lists MUSIC_DIR as the first library, from the configuration', async () => {
    const [music] = await libraries(admin);
    expect(music).toMatchObject({
      libraryId: 1,
      name: 'Music',
      path: first.root,
      fromConfig: true,
      collectionCount: 1,
      trackCount: 2,
      vanished: false,
      lastScan: { state: 'done', libraryId: 1 },
    });
  });

  it('refuses folders that cannot be a library, with the reason, and changes nothing', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['music', 400, /relative path/],
      [join(first.root, 'Home Album'), 400, /inside the library "Music"/],
      [first.root, 409, /already the library "Music"/],
      [join(second.root, 'nothing here'), 400, /no folder/],
      [join(second.root, 'Guest Album', '01.mp3'), 400, /a file, not a folder/],
      [setup.t.config.dataDir, 400, /DATA_DIR/],
    ];
    await mkdir(join(setup.t.config.dataDir, 'music'), { recursive: true });
    cases.push([join(setup.t.config.dataDir, 'music'), 400, /inside the server's data folder/]);
    for (const [path, status, message] of cases) {
      const response = await admin.put('/api/library', { name: 'Nope', path });
      expect(response.statusCode, path).toBe(status);
      expect(errorOf(response)).toMatch(message);
    }
    expect(await libraries(admin)).toHaveLength(1);
  });

  it('adds a second library, scans it on its own and lists its album', async () => {
    const added = await admin.put('/api/library', { name: 'Guests', path: second.root });
    expect(added.statusCode).toBe(200);
    secondId = added.json<{ libraryId: number }>().libraryId;
    const library = await scanned(admin, secondId);
    expect(library).toMatchObject({ name: 'Guests', fromConfig: false, trackCount: 2 });
    expect(library.lastScan).toMatchObject({ folder: second.root, libraryId: secondId });
    expect(await listed(admin)).toEqual(['Guest Album', 'Home Album']);
    expect(await listed(admin, secondId)).toEqual(['Guest Album']);
    expect(await listed(admin, 1)).toEqual(['Home Album']);
  });

  it('shows a member only the libraries of their role, everywhere', async () => {
    const limited = await memberWithApiRole(setup, 'homebody', { roleLibraries: [1] });
    const everything = await memberWithApiRole(setup, 'roamer', { roleLibraries: null });
    expect((await limited.get('/api/libraries')).json()).toEqual({
      libraries: [{ libraryId: 1, name: 'Music' }],
    });
    expect((await everything.get('/api/libraries')).json()).toEqual({
      libraries: [
        { libraryId: 1, name: 'Music' },
        { libraryId: secondId, name: 'Guests' },
      ],
    });
    expect(await listed(limited)).toEqual(['Home Album']);
    expect(await listed(everything)).toEqual(['Guest Album', 'Home Album']);
    // Asking for the other library by its filter is "not found", like a library that is not.
    const filtered = await limited.post('/api/audio_collection/search', { libraryId: secondId });
    expect(filtered.statusCode).toBe(404);

    const guest = await setup.t.db
      .selectFrom('collections')
      .innerJoin('files', 'files.collection_id', 'collections.collection_id')
      .select(['collections.collection_id', 'files.file_id'])
      .where('collections.name', '=', 'Guest Album')
      .executeTakeFirstOrThrow();
    expect((await limited.get(`/api/audio_collection/${guest.collection_id}`)).statusCode).toBe(
      404,
    );
    expect((await limited.get(`/downloader/file/${guest.file_id}`)).statusCode).toBe(404);
    expect((await everything.get(`/api/audio_collection/${guest.collection_id}`)).statusCode).toBe(
      200,
    );
  });

  it('renames a library; members see the new name', async () => {
    const renamed = await admin.post(`/api/library/${secondId}`, { name: 'Visitors' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ libraryId: secondId, name: 'Visitors' });
    expect((await admin.post(`/api/library/${secondId}`, { name: ' ' })).statusCode).toBe(400);
    expect((await admin.post('/api/library/999', { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('keeps library changes for administrators', async () => {
    const member = await memberWithApiRole(setup, 'tinkerer', {});
    expect((await member.put('/api/library', { name: 'Mine', path: second.root })).statusCode).toBe(
      403,
    );
    expect((await member.delete(`/api/library/${secondId}`)).statusCode).toBe(403);
    expect((await member.post(`/api/library/${secondId}/scan`)).statusCode).toBe(403);
  });

  it('will not remove MUSIC_DIR’s library', async () => {
    const response = await admin.delete('/api/library/1');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(/MUSIC_DIR/);
  });

  it('removes a library by hiding its albums, and brings them back when added again', async () => {
    const before = await listed(admin, secondId);
    const { collection_id: guestId } = await setup.t.db
      .selectFrom('collections')
      .select('collection_id')
      .where('name', '=', 'Guest Album')
      .executeTakeFirstOrThrow();
    const removed = await admin.delete(`/api/library/${secondId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, missingFiles: 2 });
    expect(await listed(admin)).toEqual(['Home Album']);
    expect((await libraries(admin)).map((one) => one.libraryId)).toEqual([1]);
    expect((await admin.get(`/api/audio_collection/${guestId}`)).statusCode).toBe(404);

    const again = await admin.put('/api/library', { name: 'Guests again', path: second.root });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ libraryId: secondId });
    const lastJob = again.json<{ lastScan: { jobId: number } | null }>().lastScan?.jobId ?? 0;
    await scanned(admin, secondId, lastJob);
    expect(await listed(admin, secondId)).toEqual(before);
    expect((await admin.get(`/api/audio_collection/${guestId}`)).statusCode).toBe(200);
  });

  it('says when a library’s folder is gone (an unmounted disk) and hides nothing', async () => {
    await rename(second.root, `${second.root}-away`);
    try {
      const library = (await libraries(admin)).find((one) => one.libraryId === secondId);
      expect(library).toMatchObject({ vanished: true, trackCount: 2 });
      const started = await admin.post(`/api/library/${secondId}/scan`);
      expect(started.statusCode).toBe(200);
      const done = await scanned(admin, secondId, started.json<{ jobId: number }>().jobId - 1);
      expect(done.lastScan?.problems[0]?.error).toMatch(/no folder|missing or empty/i);
      expect(await listed(admin, secondId)).toEqual(['Guest Album']);
    } finally {
      await rename(`${second.root}-away`, second.root);
    }
    expect((await libraries(admin)).find((one) => one.libraryId === secondId)?.vanished).toBe(
      false,
    );
  });
});
