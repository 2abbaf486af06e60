import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ShareListSchema, SHARE_TOKEN_PATTERN } from '../../domain/shares';
import { TestClient } from '../helpers/client';
import { createPlaylist } from '../helpers/playlists';
import { errorOf, memberWithRole, perFile, setUpLibrary, withAliceAndBob } from '../helpers/setup';
import { NOT_FOUND_BODY, openShare, share, visitor } from './share-helpers';

const c = perFile(async () => withAliceAndBob(await setUpLibrary()));

const rowsOf = () => c.t.db.selectFrom('share_links').selectAll().execute();
const missOf = async (token: string) => {
  const response = await visitor(c.t).get(`/api/share/${token}`);
  return { status: response.statusCode, body: response.json<unknown>() };
};
const clearBlacklist = (roleId: number) =>
  c.t.db
    .updateTable('roles')
    .set({ blacklisted_tags: '[]' })
    .where('role_id', '=', roleId)
    .execute();
const list = async (client: TestClient) => {
  const response = await client.get('/api/share');
  expect(response.statusCode, response.body).toBe(200);
  return ShareListSchema.parse(response.json());
};

describe('PUT /api/share', () => {
  it('answers a 144-bit token and its PUBLIC_URL address; the database keeps only its hash', async () => {
    const created = await share(c.alice, { collectionId: c.fx.ids.free });
    expect(created.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(created.url).toBe(`http://musicbox.test/s/${created.token}`);
    const row = (await rowsOf()).find((r) => Number(r.share_id) === created.shareId);
    expect(row?.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(await rowsOf())).not.toContain(created.token);
    expect((await openShare(c.t, created.token)).name).toBe('Mareas');
  });

  it('makes tokens that share nothing, and a share id is no token', async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, () => share(c.bob, { collectionId: c.fx.ids.single })),
    );
    expect(new Set(made.map((m) => m.token)).size).toBe(12);
    // No common prefix beyond chance between consecutive links: nothing sequential to walk.
    const prefixes = new Set(made.map((m) => m.token.slice(0, 4)));
    expect(prefixes.size).toBe(12);
    expect((await missOf(String(made[0]!.shareId))).status).toBe(404);
  });

  it('refuses bad input with 400 and makes nothing', async () => {
    const before = (await rowsOf()).length;
    const soon = new Date(Date.now() + 2 * 366 * 86_400_000).toISOString();
    for (const body of [
      {},
      { collectionId: c.fx.ids.free, playlistId: 1 },
      { collectionId: 'x' },
      { collectionId: c.fx.ids.free, expiresAt: 'tomorrow' },
      { collectionId: c.fx.ids.free, expiresAt: '2001-01-01' },
      { collectionId: c.fx.ids.free, expiresAt: soon },
      { collectionId: c.fx.ids.free, extra: true },
    ]) {
      const response = await c.alice.put('/api/share', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).not.toBe('');
    }
    expect((await rowsOf()).length).toBe(before);
  });

  it('takes an expiry date and lists it', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const created = await share(c.alice, { collectionId: c.fx.ids.paid, expiresAt: day });
    const listed = (await list(c.alice)).find((s) => s.shareId === created.shareId);
    expect(listed).toMatchObject({ expiresAt: `${day}T23:59:59.999Z`, expired: false });
  });

  it('needs a session and the XSRF header', async () => {
    const anonymous = new TestClient(c.t.app);
    expect((await anonymous.put('/api/share', { collectionId: c.fx.ids.free })).statusCode).toBe(
      401,
    );
    expect((await anonymous.get('/api/share')).statusCode).toBe(401);
    const refused = await c.bob.put(
      '/api/share',
      { collectionId: c.fx.ids.free },
      { noXsrf: true },
    );
    expect(refused.statusCode).toBe(403);
    expect((await c.bob.delete('/api/share/1', { noXsrf: true })).statusCode).toBe(403);
  });

  it('reveals nothing the sharer cannot see: a hidden collection is unknown to a member', async () => {
    const response = await c.alice.put('/api/share', { collectionId: c.fx.ids.hidden });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe('Collection not found');
    const none = await c.alice.put('/api/share', { collectionId: 999_999 });
    expect(none.json()).toEqual(response.json());
  });

  it('never shares a hidden or blacklisted collection, even for an administrator', async () => {
    const hidden = await c.admin.put('/api/share', { collectionId: c.fx.ids.hidden });
    expect(hidden.statusCode).toBe(403);
    // Some role blacklists "Club": the link would open for everyone, so it is refused.
    const picky = await memberWithRole(c.t, { blacklisted_tags: '["club"]' });
    const blacklisted = await c.admin.put('/api/share', { collectionId: c.fx.ids.paid });
    expect(blacklisted.statusCode).toBe(403);
    expect(errorOf(blacklisted)).toMatch(/cannot be shared/);
    // And the member whose role hides it does not learn that it exists.
    expect((await picky.put('/api/share', { collectionId: c.fx.ids.paid })).statusCode).toBe(404);
    await clearBlacklist(picky.roleId);
  });

  it("shares one's own playlists and public ones; another's private playlist is unknown", async () => {
    const own = await createPlaylist(c.alice, { title: 'Mine' });
    await share(c.alice, { playlistId: own.playlistId });
    const open = await createPlaylist(c.alice, { title: 'Open', public: true });
    await share(c.bob, { playlistId: open.playlistId });
    const refused = await c.bob.put('/api/share', { playlistId: own.playlistId });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused)).toBe('Playlist not found');
  });
});

describe('GET /api/share', () => {
  it("lists the caller's links, newest first; an administrator sees everyone's", async () => {
    const created = await share(c.bob, { collectionId: c.fx.ids.free });
    const bobs = await list(c.bob);
    expect(bobs[0]).toEqual({
      shareId: created.shareId,
      kind: 'collection',
      targetId: c.fx.ids.free,
      targetName: 'Mareas',
      userId: c.bob.userId,
      userName: 'bobby',
      createdAt: expect.stringMatching(/^\d{4}-/),
      expiresAt: null,
      expired: false,
    });
    expect(bobs.every((s) => s.userId === c.bob.userId)).toBe(true);
    expect(JSON.stringify(bobs)).not.toContain(created.token);
    const all = await list(c.admin);
    expect(new Set(all.map((s) => s.userName))).toEqual(new Set(['alice', 'bobby']));
  });
});

describe('DELETE /api/share/{shareId}', () => {
  it('is for the sharer and administrators; a revoked link is a plain 404', async () => {
    const first = await share(c.alice, { collectionId: c.fx.ids.single });
    const second = await share(c.alice, { collectionId: c.fx.ids.single });
    const refused = await c.bob.delete(`/api/share/${first.shareId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(NOT_FOUND_BODY);
    await openShare(c.t, first.token);
    expect((await c.alice.delete(`/api/share/${first.shareId}`)).statusCode).toBe(200);
    expect((await c.admin.delete(`/api/share/${second.shareId}`)).statusCode).toBe(200);
    expect(await missOf(first.token)).toEqual({ status: 404, body: NOT_FOUND_BODY });
    expect(await missOf(second.token)).toEqual({ status: 404, body: NOT_FOUND_BODY });
    expect((await c.alice.delete(`/api/share/${first.shareId}`)).statusCode).toBe(404);
  });
});

describe('GET /api/share/{token}: every miss looks the same', () => {
  it('answers unknown, malformed, expired and revoked links with one 404 body', async () => {
    const expiring = await share(c.alice, { collectionId: c.fx.ids.free });
    await c.t.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('share_id', '=', expiring.shareId)
      .execute();
    const unknown = 'A'.repeat(24);
    for (const token of [unknown, 'short', expiring.token, `${expiring.token}x`]) {
      expect(await missOf(token), token).toEqual({ status: 404, body: NOT_FOUND_BODY });
    }
    const listed = (await list(c.alice)).find((s) => s.shareId === expiring.shareId);
    expect(listed?.expired).toBe(true);
  });

  it('stops opening once the collection is hidden or blacklisted, and again when it is not', async () => {
    const created = await share(c.alice, { collectionId: c.fx.ids.single });
    await openShare(c.t, created.token);
    await c.fx.repo.updateStoreFields(c.fx.ids.single, {
      price: null,
      hidden: true,
      description: 'About Room Tone',
    });
    expect((await missOf(created.token)).body).toEqual(NOT_FOUND_BODY);
    await c.fx.repo.updateStoreFields(c.fx.ids.single, {
      price: null,
      hidden: false,
      description: 'About Room Tone',
    });
    await openShare(c.t, created.token);
    const strict = await memberWithRole(c.t, { blacklisted_tags: '["chill"]' });
    expect((await missOf(created.token)).body).toEqual(NOT_FOUND_BODY);
    await clearBlacklist(strict.roleId);
    await openShare(c.t, created.token);
  });

  it('stops opening when the sharer is banned or loses the right to browse', async () => {
    const sharer = await memberWithRole(c.t, {});
    const created = await share(sharer, { collectionId: c.fx.ids.free });
    await openShare(c.t, created.token);
    await c.t.db
      .updateTable('users')
      .set({ is_banned: 1 })
      .where('user_id', '=', sharer.userId)
      .execute();
    expect((await missOf(created.token)).status).toBe(404);
    await c.t.db
      .updateTable('users')
      .set({ is_banned: 0 })
      .where('user_id', '=', sharer.userId)
      .execute();
    await c.t.db
      .updateTable('roles')
      .set({ enable_browse: 0 })
      .where('role_id', '=', sharer.roleId)
      .execute();
    expect((await missOf(created.token)).status).toBe(404);
  });
});
