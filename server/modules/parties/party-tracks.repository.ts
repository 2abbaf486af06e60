import { isUniqueViolation } from '../../db/unique-violation';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface PartyTrackRow {
  trackId: number;
  fileId: number;
  addedBy: number;
  addedByUserName: string | null;
  addedAt: string;
  score: number;
  myVote: number;
}

/** A party's tracks and the votes on them (migration 0034). */
export class PartyTracksRepository {
  constructor(private readonly db: Db) {}

  async countTracks(partyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('party_tracks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('party_id', '=', partyId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds tracks in this order (ids ascending, so equal add times keep it). */
  async addTracks(partyId: number, fileIds: readonly number[], guestId: number, now: string) {
    const ids: number[] = [];
    for (const fileId of fileIds) {
      const row = await this.db
        .insertInto('party_tracks')
        .values({ party_id: partyId, file_id: fileId, added_by: guestId, added_at: now })
        .returning('track_id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.track_id));
    }
    return ids;
  }

  /** A track of this party still to come (neither played nor removed). */
  async upcomingTrack(partyId: number, trackId: number) {
    return this.db
      .selectFrom('party_tracks')
      .select(['track_id', 'file_id'])
      .where('party_id', '=', partyId)
      .where('track_id', '=', trackId)
      .where('removed', '=', 0)
      .where('played_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Adds one file to what is coming up; null when it is coming up already (the unique index
   * of migration 0036 decides, also between two adds at the same moment).
   */
  async addUpcoming(partyId: number, fileId: number, guestId: number, now: string) {
    try {
      const [trackId] = await this.addTracks(partyId, [fileId], guestId, now);
      return trackId ?? null;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** What is still to come, highest score first, then the earliest added (domain partyOrder). */
  async upcoming(partyId: number, viewerGuestId: number | null): Promise<PartyTrackRow[]> {
    const result = await sql<{
      track_id: number;
      file_id: number;
      added_by: number;
      user_name: string | null;
      added_at: string;
      score: number | string;
      my_vote: number | null;
    }>`SELECT t.track_id, t.file_id, t.added_by, u.user_name, t.added_at,
        coalesce((SELECT sum(v.vote) FROM party_votes v WHERE v.track_id = t.track_id), 0)
          AS score,
        (SELECT m.vote FROM party_votes m
          WHERE m.track_id = t.track_id AND m.guest_id = ${viewerGuestId ?? -1}) AS my_vote
      FROM party_tracks t
      JOIN party_guests g ON g.guest_id = t.added_by
      LEFT JOIN users u ON u.user_id = g.user_id
      WHERE t.party_id = ${partyId} AND t.removed = 0 AND t.played_at IS NULL
      ORDER BY score DESC, t.added_at ASC, t.track_id ASC`.execute(this.db);
    return result.rows.map((r) => ({
      trackId: Number(r.track_id),
      fileId: Number(r.file_id),
      addedBy: Number(r.added_by),
      addedByUserName: r.user_name,
      addedAt: r.added_at,
      score: Number(r.score),
      myVote: Number(r.my_vote ?? 0),
    }));
  }

  async removeTrack(partyId: number, trackId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('party_tracks')
      .set({ removed: 1 })
      .where('party_id', '=', partyId)
      .where('track_id', '=', trackId)
      .where('removed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The host's device started this track: it leaves the upcoming list. */
  async markPlayed(partyId: number, trackId: number, now: string): Promise<void> {
    await this.db
      .updateTable('party_tracks')
      .set({ played_at: now })
      .where('party_id', '=', partyId)
      .where('track_id', '=', trackId)
      .where('played_at', 'is', null)
      .execute();
  }

  /** One vote per participant and track: a new one replaces theirs, 0 takes it back. */
  async vote(trackId: number, guestId: number, vote: number, now: string): Promise<void> {
    if (vote === 0) {
      await this.db
        .deleteFrom('party_votes')
        .where('track_id', '=', trackId)
        .where('guest_id', '=', guestId)
        .execute();
      return;
    }
    await this.db
      .insertInto('party_votes')
      .values({ track_id: trackId, guest_id: guestId, vote, voted_at: now })
      .onConflict((oc) => oc.columns(['track_id', 'guest_id']).doUpdateSet({ vote, voted_at: now }))
      .execute();
  }
}
