import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTY_MAX_TRACKS, partyOrder } from '../../domain/parties';
import { errorOf, registerMember, setUpLibrary, type LibrarySetup } from '../helpers/setup';
import type { Member } from '../helpers/setup';
import { filesOf, partyState, startParty, visitor } from './party-helpers';

let c: LibrarySetup;
let host: Member;
let guest: Member;
let files: number[];

beforeAll(async () => {
  c = await setUpLibrary({
    rateLimits: {
      partyAddsPerGuest: { max: 2, windowMs: 60_000 },
      partyVotesPerGuest: { max: 3, windowMs: 60_000 },
    },
  });
  files = [
    ...(await filesOf(c.t, c.fx.ids.free)),
    ...(await filesOf(c.t, c.fx.ids.single)),
    ...(await filesOf(c.t, c.fx.ids.paid)),
  ];
  host = await registerMember(c.t, 'limithost');
  guest = await registerMember(c.t, 'limitguest');
}, 60_000);
afterAll(() => c.close());

describe('party limits', () => {
  it('limits adds and votes per guest', async () => {
    const party = await startParty(host, []);
    const base = `/api/party/${party.token}`;
    const adds = [];
    for (const fileId of files.slice(0, 3)) adds.push(await guest.put(`${base}/track`, { fileId }));
    expect(adds.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    const trackId = (await partyState(guest, party.token)).upcoming[0]!.trackId;
    const votes = [];
    for (const vote of [1, -1, 0, 1])
      votes.push(await guest.put(`${base}/vote`, { trackId, vote }));
    expect(votes.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    // Another guest has limits of their own.
    const other = await registerMember(c.t, 'limitother');
    expect((await other.put(`${base}/vote`, { trackId, vote: 1 })).statusCode).toBe(200);
  });

  it(`holds at most ${PARTY_MAX_TRACKS} tracks`, async () => {
    const party = await startParty(host, []);
    const row = await c.t.db
      .selectFrom('party_guests')
      .select('guest_id')
      .where('party_id', '=', party.partyId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await c.t.db
      .insertInto('party_tracks')
      .values(
        Array.from({ length: PARTY_MAX_TRACKS }, () => ({
          party_id: party.partyId,
          file_id: files[0]!,
          added_by: row.guest_id,
          added_at: now,
          played_at: now,
        })),
      )
      .execute();
    const refused = await host.put(`/api/party/${party.token}/track`, { fileId: files[1] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatch(/at most 500 tracks/);
  });

  it('shows signed-out guests only what no role hides, and searches the same way', async () => {
    const party = await startParty(host, files, true);
    const anyone = visitor(c.t, '198.51.100.90');
    const seen = await partyState(anyone, party.token);
    const forHost = await partyState(host, party.token);
    // The fixture's roles hide nothing yet: the visitor sees the host's list.
    expect(seen.upcoming.map((t) => t.title)).toEqual(forHost.upcoming.map((t) => t.title));
    await c.t.db
      .insertInto('roles')
      .values({
        role_name: 'no-club',
        speed_limit: null,
        download_limit: 1,
        request_limit: 1,
        can_upload: 0,
        transcode: 0,
        vip: 0,
        download_paid: 0,
        enable_browse: 1,
        enable_requests: 0,
        enable_store: 0,
        blacklisted_tags: JSON.stringify(['club']),
      })
      .execute();
    const after = await partyState(anyone, party.token);
    expect(after.upcoming.map((t) => t.title)).not.toContain('Piston');
    expect((await partyState(host, party.token)).upcoming.map((t) => t.title)).toContain('Piston');
    const search = await anyone.get(`/api/party/${party.token}/search?q=o`);
    const titles = search.json<{ tracks: { title: string }[] }>().tracks.map((t) => t.title);
    expect(titles).toContain('Ola');
    expect(titles).not.toContain('Piston');
  });
});

describe('partyOrder', () => {
  it('sorts by score, then the earliest added, then the id', () => {
    const t = (trackId: number, score: number, addedAt: string) => ({ trackId, score, addedAt });
    const order = partyOrder([
      t(1, 0, '2026-01-01T00:00:02Z'),
      t(2, 2, '2026-01-01T00:00:03Z'),
      t(3, 0, '2026-01-01T00:00:01Z'),
      t(4, 0, '2026-01-01T00:00:01Z'),
      t(5, -1, '2026-01-01T00:00:00Z'),
    ]);
    expect(order.map((x) => x.trackId)).toEqual([2, 3, 4, 1, 5]);
  });
});
