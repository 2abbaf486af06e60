import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyOrder, type PartyState } from '../../domain/parties';
import {
  errorOf,
  memberWithRole,
  registerMember,
  setUpLibrary,
  type LibrarySetup,
  type Member,
} from '../helpers/setup';
import { filesOf, NOT_FOUND_BODY, partyState, startParty, visitor } from './party-helpers';

let c: LibrarySetup;
let host: Member;
/** A plain member. */
let ann: Member;
/** A member whose role hides the tag "Club" (the paid release). */
let ben: Member;
let ola: number;
let espuma: number;
let piston: number;
let roomTone: number;
let demo: number;

beforeAll(async () => {
  c = await setUpLibrary();
  [ola, espuma] = (await filesOf(c.t, c.fx.ids.free)) as [number, number];
  [piston] = (await filesOf(c.t, c.fx.ids.paid)) as [number];
  [roomTone] = (await filesOf(c.t, c.fx.ids.single)) as [number];
  [demo] = (await filesOf(c.t, c.fx.ids.hidden)) as [number];
  host = await registerMember(c.t, 'hostess');
  ann = await registerMember(c.t, 'annie');
  ben = await memberWithRole(c.t, { blacklisted_tags: JSON.stringify(['club']) });
}, 60_000);
afterAll(() => c.close());

const titles = (state: PartyState) => state.upcoming.map((t) => t.title);
const trackOf = (state: PartyState, title: string) => {
  const track = state.upcoming.find((t) => t.title === title);
  if (track === undefined) throw new Error(`${title} is not coming up`);
  return track.trackId;
};

describe('PUT /api/party and GET /api/party/{token}', () => {
  it('starts with the host’s visible tracks and shows them to guests without the host’s parts', async () => {
    const party = await startParty(host, [ola, espuma, demo, ola]);
    expect(party.link).toMatch(new RegExp(`/party/${party.token}$`));
    const seenByHost = await partyState(host, party.token);
    // The hidden release is not the host's to play; a file is listed once.
    expect(titles(seenByHost)).toEqual(['Ola', 'Espuma']);
    expect(seenByHost.isHost).toBe(true);
    expect(seenByHost.upcoming.every((t) => t.entry?.file.fileId === t.fileId)).toBe(true);
    const seenByAnn = await partyState(ann, party.token);
    expect(seenByAnn).toMatchObject({ isHost: false, canAdd: true, guests: [] });
    expect(seenByAnn.upcoming.every((t) => t.entry === undefined)).toBe(true);
    expect((await partyState(host, party.token)).guests.map((g) => g.name)).toEqual(['annie']);
  });

  it('refuses a signed-out visitor unless the host allowed them, and a starter without browse', async () => {
    const party = await startParty(host, [ola]);
    const response = await visitor(c.t).get(`/api/party/${party.token}`);
    expect(response.statusCode).toBe(401);
    const noBrowse = await memberWithRole(c.t, { enable_browse: 0 });
    expect((await noBrowse.put('/api/party', { fileIds: [ola] })).statusCode).toBe(403);
  });

  it('answers 400 for bad input and changes nothing', async () => {
    expect((await host.put('/api/party', { fileIds: 'all' })).statusCode).toBe(400);
    expect((await host.put('/api/party', { fileIds: [0] })).statusCode).toBe(400);
    expect((await host.put('/api/party', { fileIds: [ola], extra: 1 })).statusCode).toBe(400);
    const party = await startParty(host, [ola]);
    const base = `/api/party/${party.token}`;
    expect((await ann.put(`${base}/track`, { fileId: 'x' })).statusCode).toBe(400);
    expect((await ann.put(`${base}/vote`, { trackId: 1, vote: 2 })).statusCode).toBe(400);
    expect((await ann.put(`${base}/vote`, { trackId: 1 })).statusCode).toBe(400);
    expect((await host.delete(`/api/party/abc`)).statusCode).toBe(400);
    expect(titles(await partyState(ann, party.token))).toEqual(['Ola']);
  });
});

describe('adding and voting', () => {
  it('orders by votes, then by the earliest added', async () => {
    const party = await startParty(host, [ola, espuma]);
    const base = `/api/party/${party.token}`;
    const added = await ann.put(`${base}/track`, { fileId: roomTone });
    expect(added.statusCode, added.body).toBe(200);
    let state = await partyState(ann, party.token);
    expect(titles(state)).toEqual(['Ola', 'Espuma', 'Room Tone']);
    const room = trackOf(state, 'Room Tone');
    const olaTrack = trackOf(state, 'Ola');
    expect((await ann.put(`${base}/vote`, { trackId: room, vote: 1 })).statusCode).toBe(200);
    expect((await ben.put(`${base}/vote`, { trackId: room, vote: 1 })).statusCode).toBe(200);
    expect((await ann.put(`${base}/vote`, { trackId: olaTrack, vote: -1 })).statusCode).toBe(200);
    state = await partyState(ann, party.token);
    expect(titles(state)).toEqual(['Room Tone', 'Espuma', 'Ola']);
    expect(state.upcoming.map((t) => [t.score, t.myVote])).toEqual([
      [2, 1],
      [0, 0],
      [-1, -1],
    ]);
    expect(state.upcoming[0]?.addedBy).toBe('annie');
    // The server's SQL order is the domain rule's.
    expect(state.upcoming).toEqual(partyOrder(state.upcoming));
    // Voting again replaces one's vote; 0 takes it back; a tie goes to the earlier added.
    expect((await ann.put(`${base}/vote`, { trackId: olaTrack, vote: 1 })).statusCode).toBe(200);
    expect((await ben.put(`${base}/vote`, { trackId: room, vote: 0 })).statusCode).toBe(200);
    state = await partyState(ben, party.token);
    expect(state.upcoming.map((t) => [t.title, t.score, t.myVote])).toEqual([
      ['Ola', 1, 0],
      ['Room Tone', 1, 0],
      ['Espuma', 0, 0],
    ]);
  });

  it('refuses a track hidden from the guest like one that does not exist', async () => {
    const party = await startParty(host, [ola]);
    const base = `/api/party/${party.token}`;
    const hidden = await ben.put(`${base}/track`, { fileId: piston });
    const unknown = await ben.put(`${base}/track`, { fileId: 999_999 });
    const hiddenRelease = await ann.put(`${base}/track`, { fileId: demo });
    for (const response of [hidden, unknown, hiddenRelease]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Track not found' });
    }
    // Nor does the party's search offer it.
    const search = await ben.get(`${base}/search?q=pist`);
    expect(search.json()).toEqual({ tracks: [] });
    const annSearch = await ann.get(`${base}/search?q=PIST`);
    expect(annSearch.json<{ tracks: { title: string }[] }>().tracks.map((t) => t.title)).toEqual([
      'Piston',
    ]);
    expect(titles(await partyState(ann, party.token))).toEqual(['Ola']);
    // A track already coming up is voted for, not added twice.
    expect((await ann.put(`${base}/track`, { fileId: ola })).statusCode).toBe(409);
  });

  it('takes a track once when two guests add it at the same moment', async () => {
    const party = await startParty(host, [ola]);
    const base = `/api/party/${party.token}`;
    const answers = await Promise.all([
      ann.put(`${base}/track`, { fileId: roomTone }),
      ben.put(`${base}/track`, { fileId: roomTone }),
      ann.put(`${base}/track`, { fileId: roomTone }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(titles(await partyState(ann, party.token))).toEqual(['Ola', 'Room Tone']);
  });

  it('needs the XSRF token on cookie calls', async () => {
    const party = await startParty(host, [ola]);
    const trackId = trackOf(await partyState(ann, party.token), 'Ola');
    const refused = await ann.put(
      `/api/party/${party.token}/vote`,
      { trackId, vote: 1 },
      { noXsrf: true },
    );
    expect(refused.statusCode).toBe(403);
    expect((await partyState(ann, party.token)).upcoming[0]?.score).toBe(0);
  });
});

describe('signed-out guests', () => {
  it('join, add and vote with a guest cookie when the host allows it, seeing what anyone may', async () => {
    const party = await startParty(host, [ola], true);
    const guest = visitor(c.t, '198.51.100.33');
    const state = await partyState(guest, party.token);
    expect(state).toMatchObject({ canAdd: true, isHost: false });
    const base = `/api/party/${party.token}`;
    const added = await guest.put(`${base}/track`, { fileId: roomTone });
    expect(added.statusCode, added.body).toBe(200);
    const cookie = added.cookies.find((k) => k.name === 'party_guest');
    expect(cookie).toMatchObject({ httpOnly: true, path: base });
    // No session was made for them.
    expect(added.cookies.some((k) => k.name === 'session')).toBe(false);
    // What a role hides (the paid release's tag) is hidden from anyone signed out.
    expect((await guest.put(`${base}/track`, { fileId: piston })).statusCode).toBe(404);
    const room = trackOf(await partyState(guest, party.token), 'Room Tone');
    expect((await guest.put(`${base}/vote`, { trackId: room, vote: 1 })).statusCode).toBe(200);
    const after = await partyState(guest, party.token);
    expect(after.upcoming.map((t) => [t.title, t.myVote])).toEqual([
      ['Room Tone', 1],
      ['Ola', 0],
    ]);
    expect(after.upcoming[0]?.addedBy).toMatch(/^Guest \d+$/);
    const hostView = await partyState(host, party.token);
    expect(hostView.guests).toEqual([expect.objectContaining({ signedIn: false })]);
  });

  it('may not add or vote where the host did not allow them', async () => {
    const party = await startParty(host, [ola]);
    const guest = visitor(c.t, '198.51.100.34');
    const base = `/api/party/${party.token}`;
    expect((await guest.put(`${base}/track`, { fileId: roomTone })).statusCode).toBe(401);
    expect((await guest.put(`${base}/vote`, { trackId: 1, vote: 1 })).statusCode).toBe(401);
  });
});

describe('the host’s controls', () => {
  it('are refused to anyone else as an unknown party', async () => {
    const party = await startParty(host, [ola]);
    const trackId = trackOf(await partyState(ann, party.token), 'Ola');
    for (const response of [
      await ann.delete(`/api/party/${party.partyId}/track/${trackId}`),
      await ann.delete(`/api/party/${party.partyId}`),
      await ann.put(`/api/party/${party.partyId}/now`, { trackId, fileId: null }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND_BODY);
    }
    expect(titles(await partyState(ann, party.token))).toEqual(['Ola']);
  });

  it('remove a track, say what plays, and remove a guest who is then refused', async () => {
    const party = await startParty(host, [ola, espuma, roomTone]);
    const base = `/api/party/${party.token}`;
    let state = await partyState(ben, party.token);
    const remove = await host.delete(
      `/api/party/${party.partyId}/track/${trackOf(state, 'Espuma')}`,
    );
    expect(remove.statusCode, remove.body).toBe(200);
    const olaTrack = trackOf(state, 'Ola');
    const now = await host.put(`/api/party/${party.partyId}/now`, {
      trackId: olaTrack,
      fileId: ola,
    });
    expect(now.statusCode, now.body).toBe(200);
    state = await partyState(ben, party.token);
    expect(state.nowPlaying).toMatchObject({ title: 'Ola', trackId: olaTrack });
    expect(titles(state)).toEqual(['Room Tone']);
    const guestId = (await partyState(host, party.token)).guests.find((g) => g.signedIn)?.guestId;
    const removed = await host.delete(`/api/party/${party.partyId}/guest/${guestId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await ben.get(base)).statusCode).toBe(403);
    expect(errorOf(await ben.put(`${base}/track`, { fileId: ola }))).toBe(
      'The host removed you from this party',
    );
    expect((await partyState(host, party.token)).guests[0]).toMatchObject({ removed: true });
  });

  it('end the party: its link answers 404 everywhere, as a malformed one does', async () => {
    const party = await startParty(host, [ola], true);
    const base = `/api/party/${party.token}`;
    await partyState(ann, party.token);
    expect((await host.delete(`/api/party/${party.partyId}`)).statusCode).toBe(200);
    for (const response of [
      await host.get(base),
      await ann.get(base),
      await visitor(c.t, '198.51.100.40').get(base),
      await ann.put(`${base}/track`, { fileId: roomTone }),
      await ann.put(`${base}/vote`, { trackId: 1, vote: 1 }),
      await ann.get(`${base}/search?q=ola`),
      await host.delete(`/api/party/${party.partyId}`),
      await ann.get('/api/party/not-a-token'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND_BODY);
    }
  });

  it('closes while its host is banned', async () => {
    const party = await startParty(host, [ola]);
    await c.t.db
      .updateTable('users')
      .set({ is_banned: 1 })
      .where('user_id', '=', host.userId)
      .execute();
    try {
      const response = await ann.get(`/api/party/${party.token}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND_BODY);
    } finally {
      await c.t.db
        .updateTable('users')
        .set({ is_banned: 0 })
        .where('user_id', '=', host.userId)
        .execute();
    }
    expect(titles(await partyState(ann, party.token))).toEqual(['Ola']);
  });

  it('a new party ends the host’s previous one', async () => {
    const first = await startParty(host, [ola]);
    await startParty(host, [espuma]);
    expect((await ann.get(`/api/party/${first.token}`)).statusCode).toBe(404);
  });
});
