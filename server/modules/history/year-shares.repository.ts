import type { Db } from '../../db/database';

export interface YearShareRow {
  year_share_id: number;
  user_id: number;
  year: number;
  created_at: string;
}

const toRow = (row: YearShareRow): YearShareRow => ({
  ...row,
  year_share_id: Number(row.year_share_id),
  user_id: Number(row.user_id),
  year: Number(row.year),
});

/** Year share links (migration 0027), found by the SHA-256 of their token. */
export class YearSharesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: {
    userId: number;
    tokenHash: string;
    year: number;
    createdAt: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('year_shares')
      .values({
        user_id: values.userId,
        token_hash: values.tokenHash,
        year: values.year,
        created_at: values.createdAt,
      })
      .returning('year_share_id')
      .executeTakeFirstOrThrow();
    return Number(row.year_share_id);
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('year_shares')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The user's links, newest first. */
  async listByUser(userId: number): Promise<YearShareRow[]> {
    const rows = await this.db
      .selectFrom('year_shares')
      .select(['year_share_id', 'user_id', 'year', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('year_share_id', 'desc')
      .execute();
    return rows.map(toRow);
  }

  async findByHash(tokenHash: string): Promise<YearShareRow | undefined> {
    const row = await this.db
      .selectFrom('year_shares')
      .select(['year_share_id', 'user_id', 'year', 'created_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Revokes one of the user's links; false when it is not theirs (or not there). */
  async delete(userId: number, yearShareId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('year_shares')
      .where('year_share_id', '=', yearShareId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
