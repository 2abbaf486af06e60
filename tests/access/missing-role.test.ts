import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithApiRole, perFile, setUpLibrary, withMember } from '../helpers/setup';
import type { TestClient } from '../helpers/client';
import { fileIdsOf } from '../helpers/playlists';

// The foreign key forbids this, so it only happens to databases restored or edited by hand:
// the role row goes while a user still points at it.
const c = perFile(async () => withMember(await setUpLibrary()));
let orphan: TestClient;
let track: number;

async function deleteRoleBehindTheForeignKey(roleId: number): Promise<void> {
  if (c.t.config.database.kind === 'sqlite') {
    await sql`PRAGMA foreign_keys = OFF`.execute(c.t.db);
    await c.t.db.deleteFrom('roles').where('role_id', '=', roleId).execute();
    await sql`PRAGMA foreign_keys = ON`.execute(c.t.db);
    return;
  }
  await c.t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await trx.deleteFrom('roles').where('role_id', '=', roleId).execute();
  });
}

beforeAll(async () => {
  // A generous role first, so anything it granted would show if it were still applied.
  orphan = await memberWithApiRole(c, 'orphan', {
    roleEnableBrowse: true,
    roleVip: true,
    roleDownloadPaid: true,
    roleTranscode: true,
    roleDownloadLimit: null,
  });
  const [file] = (await fileIdsOf(c, c.fx.ids.free)).audio;
  if (file === undefined) throw new Error('the free album has no audio');
  track = file;
  const row = await c.t.db
    .selectFrom('users')
    .select('role_id')
    .where('user_name', '=', 'orphan')
    .executeTakeFirstOrThrow();
  await deleteRoleBehindTheForeignKey(row.role_id);
}, 120_000);

describe('a user whose role row is missing', () => {
  it('gets the most limited role: no browsing', async () => {
    for (const url of [
      `/api/audio_collection/${c.fx.ids.free}`,
      '/api/homepage',
      `/api/comments/1`,
    ]) {
      const response = await orphan.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(403);
    }
    const search = await orphan.post('/api/audio_collection/search', {});
    expect(search.statusCode).toBe(403);
  });

  it('gets no media: every media route answers 403, never a server error', async () => {
    for (const url of [
      `/downloader/file/${track}?playback=true`,
      `/downloader/file/${track}`,
      `/downloader/file/${track}?format=MP3_320`,
      `/downloader/preview/${track}`,
      `/downloader/waveform/${track}`,
      `/downloader/collection/${c.fx.ids.free}`,
    ]) {
      const response = await orphan.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(403);
      expect(response.json()).toEqual({ error: 'Your role does not allow browsing the library' });
    }
  });
});
