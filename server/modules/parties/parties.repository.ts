import type { Db } from '../../db/database';

export interface PartyRow {
  partyId: number;
  hostUserId: number;
  allowAnonymous: boolean;
  nowFileId: number | null;
  nowTrackId: number | null;
  createdAt: string;
  endedAt: string | null;
}

export interface GuestRow {
  guestId: number;
  guestKey: string;
  userId: number | null;
  userName: string | null;
  joinedAt: string;
  removed: boolean;
}

const PARTY_COLUMNS = [
  'party_id',
  'host_user_id',
  'allow_anonymous',
  'now_file_id',
  'now_track_id',
  'created_at',
  'ended_at',
] as const;

type PartySelected = {
  party_id: number;
  host_user_id: number;
  allow_anonymous: number;
  now_file_id: number | null;
  now_track_id: number | null;
  created_at: string;
  ended_at: string | null;
};

const toParty = (r: PartySelected): PartyRow => ({
  partyId: Number(r.party_id),
  hostUserId: Number(r.host_user_id),
  allowAnonymous: Number(r.allow_anonymous) === 1,
  nowFileId: r.now_file_id === null ? null : Number(r.now_file_id),
  nowTrackId: r.now_track_id === null ? null : Number(r.now_track_id),
  createdAt: r.created_at,
  endedAt: r.ended_at,
});

/** Parties and who takes part in them (migration 0034). */
export class PartiesRepository {
  constructor(private readonly db: Db) {}

  async insert(hostUserId: number, tokenHash: string, allowAnonymous: boolean, now: string) {
    const row = await this.db
      .insertInto('parties')
      .values({
        host_user_id: hostUserId,
        token_hash: tokenHash,
        allow_anonymous: allowAnonymous ? 1 : 0,
        created_at: now,
      })
      .returning('party_id')
      .executeTakeFirstOrThrow();
    return Number(row.party_id);
  }

  /** Ends the host's live parties (a host runs one party at a time). */
  async endLiveOf(hostUserId: number, now: string): Promise<void> {
    await this.db
      .updateTable('parties')
      .set({ ended_at: now })
      .where('host_user_id', '=', hostUserId)
      .where('ended_at', 'is', null)
      .execute();
  }

  async findLiveByTokenHash(tokenHash: string): Promise<PartyRow | undefined> {
    const row = await this.db
      .selectFrom('parties')
      .select(PARTY_COLUMNS)
      .where('token_hash', '=', tokenHash)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return row === undefined ? undefined : toParty(row);
  }

  async find(partyId: number): Promise<PartyRow | undefined> {
    const row = await this.db
      .selectFrom('parties')
      .select(PARTY_COLUMNS)
      .where('party_id', '=', partyId)
      .executeTakeFirst();
    return row === undefined ? undefined : toParty(row);
  }

  async end(partyId: number, now: string): Promise<void> {
    await this.db
      .updateTable('parties')
      .set({ ended_at: now })
      .where('party_id', '=', partyId)
      .where('ended_at', 'is', null)
      .execute();
  }

  async setNow(partyId: number, fileId: number | null, trackId: number | null, now: string) {
    await this.db
      .updateTable('parties')
      .set({ now_file_id: fileId, now_track_id: trackId, now_at: now })
      .where('party_id', '=', partyId)
      .execute();
  }

  // ---- who takes part

  async guest(partyId: number, guestKey: string): Promise<GuestRow | undefined> {
    return (await this.guestsWhere(partyId, guestKey))[0];
  }

  async guests(partyId: number): Promise<GuestRow[]> {
    return this.guestsWhere(partyId, null);
  }

  private async guestsWhere(partyId: number, guestKey: string | null): Promise<GuestRow[]> {
    let query = this.db
      .selectFrom('party_guests as g')
      .leftJoin('users as u', 'u.user_id', 'g.user_id')
      .select(['g.guest_id', 'g.guest_key', 'g.user_id', 'u.user_name', 'g.joined_at', 'g.removed'])
      .where('g.party_id', '=', partyId);
    if (guestKey !== null) query = query.where('g.guest_key', '=', guestKey);
    const rows = await query.orderBy('g.guest_id').execute();
    return rows.map((r) => ({
      guestId: Number(r.guest_id),
      guestKey: r.guest_key,
      userId: r.user_id === null ? null : Number(r.user_id),
      userName: r.user_name,
      joinedAt: r.joined_at,
      removed: Number(r.removed) === 1,
    }));
  }

  async countGuests(partyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('party_guests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('party_id', '=', partyId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds the participant unless they are there already (two first calls at once). */
  async addGuest(partyId: number, guestKey: string, userId: number | null, now: string) {
    await this.db
      .insertInto('party_guests')
      .values({ party_id: partyId, guest_key: guestKey, user_id: userId, joined_at: now })
      .onConflict((oc) => oc.columns(['party_id', 'guest_key']).doNothing())
      .execute();
  }

  /** Marks a guest removed and takes back their votes; false when no such guest. */
  async removeGuest(partyId: number, guestId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('party_guests')
        .set({ removed: 1 })
        .where('party_id', '=', partyId)
        .where('guest_id', '=', guestId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('party_votes').where('guest_id', '=', guestId).execute();
      return true;
    });
  }
}
