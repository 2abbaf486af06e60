import type { Db } from '../../db/database';

export type RatingKind = 'song' | 'album' | 'artist';

/** A user's 1 to 5 ratings; no row means not rated. */
export class RatingsRepository {
  constructor(private readonly db: Db) {}

  async set(userId: number, kind: RatingKind, itemId: number, rating: number): Promise<void> {
    await this.db
      .insertInto('ratings')
      .values({ user_id: userId, kind, item_id: itemId, rating })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ rating }))
      .execute();
  }

  async remove(userId: number, kind: RatingKind, itemId: number): Promise<void> {
    await this.db
      .deleteFrom('ratings')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', '=', itemId)
      .execute();
  }

  /** The user's ratings of these items (absent: not rated). */
  async among(userId: number, kind: RatingKind, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ratings')
      .select(['item_id', 'rating'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('item_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [Number(r.item_id), Number(r.rating)]));
  }
}
