import { describe, expect, it } from 'vitest';
import { loadSecretKey, SecretBox } from '../../server/security/secret-box';
import { TestClient } from '../helpers/client';
import { errorOf, perFile } from '../helpers/setup';
import { connectListenBrainz, setUpScrobbling, statusOf } from './scrobbling-setup';

const s = perFile(setUpScrobbling);

const disconnected = { connected: false, userName: null, broken: false, pending: 0 };

describe('GET /api/user/scrobbling', () => {
  it('answers both services disconnected, and whether Last.fm is offered', async () => {
    const member = await s.newMember('fresh');
    expect(await statusOf(member)).toEqual({
      listenbrainz: disconnected,
      lastfm: { ...disconnected, available: true },
    });
  });

  it('needs a session', async () => {
    expect((await new TestClient(s.t.app).get('/api/user/scrobbling')).statusCode).toBe(401);
  });
});

describe('PUT /api/user/scrobbling', () => {
  it('connects ListenBrainz with a token the service validates, stored sealed', async () => {
    const member = await s.newMember('sealer');
    await connectListenBrainz(s, member, 'tok-sealer-1', 'lb-sealer');
    expect((await statusOf(member)).listenbrainz).toEqual({
      connected: true,
      userName: 'lb-sealer',
      broken: false,
      pending: 0,
    });
    const row = await s.t.db
      .selectFrom('scrobble_accounts')
      .selectAll()
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain('tok-sealer-1');
    const box = new SecretBox(await loadSecretKey(s.t.config));
    expect(box.open(row.secret)).toBe('tok-sealer-1');
  });

  it('refuses a token ListenBrainz does not accept and keeps the connection there was', async () => {
    const member = await s.newMember('keeper');
    await connectListenBrainz(s, member, 'tok-keeper', 'lb-keeper');
    const refused = await member.put('/api/user/scrobbling', { listenbrainzToken: 'not-known' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatch(/ListenBrainz did not accept this token/);
    expect((await statusOf(member)).listenbrainz.userName).toBe('lb-keeper');
  });

  it('refuses malformed bodies with a message', async () => {
    const member = await s.newMember('malformed');
    for (const body of [
      {},
      { listenbrainzToken: 5 },
      { listenbrainzToken: 'has spaces in it' },
      { listenbrainzToken: 'x'.repeat(101) },
      { lastfm: 'connect' },
      { other: 1, listenbrainzToken: null },
    ]) {
      const response = await member.put('/api/user/scrobbling', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).not.toBe('');
    }
  });

  it('null disconnects ListenBrainz and drops the listens still waiting for it', async () => {
    const member = await s.newMember('leaver');
    await connectListenBrainz(s, member, 'tok-leaver', 'lb-leaver');
    s.lb.revokeToken('tok-leaver'); // listens now wait
    await member.post('/api/user/listens', {
      listens: [{ fileId: s.files.ola, listenedAt: new Date().toISOString(), playedMs: 8000 }],
    });
    await expect.poll(async () => (await statusOf(member)).listenbrainz.broken).toBe(true);
    const response = await member.put('/api/user/scrobbling', { listenbrainzToken: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ listenbrainz: disconnected });
    const left = await s.t.db
      .selectFrom('scrobble_outbox')
      .select('outbox_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(left).toEqual([]);
  });

  it('needs the XSRF header', async () => {
    const member = await s.newMember('noxsrf');
    s.lb.addToken('tok-noxsrf', 'lb-noxsrf');
    const refused = await member.put(
      '/api/user/scrobbling',
      { listenbrainzToken: 'tok-noxsrf' },
      { noXsrf: true },
    );
    expect(refused.statusCode).toBe(403);
    expect((await statusOf(member)).listenbrainz.connected).toBe(false);
  });
});

describe('PUT /api/user/scrobbling when ListenBrainz cannot be reached', () => {
  it('answers 502 and stores nothing', async () => {
    const member = await s.newMember('unreached');
    // The fake is gone for the rest of this file: this test comes last.
    await s.lb.close();
    const response = await member.put('/api/user/scrobbling', { listenbrainzToken: 'tok-x' });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toMatch(/could not be reached/);
    expect((await statusOf(member)).listenbrainz.connected).toBe(false);
  });
});
