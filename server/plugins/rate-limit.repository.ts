import type { Db } from '../db/database';

/** A fixed window as the limiter sees it: attempts so far and when it starts over (epoch ms). */
export interface LimitWindow {
  count: number;
  resetAt: number;
}

/**
 * Rate-limit windows in the database, so every app server on one PostgreSQL database counts
 * against the same allowance (decision 0049).
 */
export class RateLimitsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt and answers the window after it, in one statement: concurrent attempts
   * from any number of processes each see their own count (the row is locked by the upsert),
   * and a window whose reset time has passed starts over at 1.
   */
  async add(key: string, windowMs: number, now: number): Promise<LimitWindow> {
    const row = await this.db
      .insertInto('rate_limit_windows')
      .values({ limit_key: key, hits: 1, reset_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('limit_key').doUpdateSet((eb) => {
          const expired = eb('rate_limit_windows.reset_at', '<=', now);
          return {
            hits: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limit_windows.hits', '+', 1))
              .end(),
            reset_at: eb
              .case()
              .when(expired)
              .then(eb.ref('excluded.reset_at'))
              .else(eb.ref('rate_limit_windows.reset_at'))
              .end(),
          };
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: row.hits, resetAt: Number(row.reset_at) };
  }

  /** The live window of the key, if it has one. */
  async find(key: string, now: number): Promise<LimitWindow | undefined> {
    const row = await this.db
      .selectFrom('rate_limit_windows')
      .select(['hits', 'reset_at'])
      .where('limit_key', '=', key)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    return row === undefined ? undefined : { count: row.hits, resetAt: Number(row.reset_at) };
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_windows').where('limit_key', '=', key).execute();
  }

  /** Drops windows that have ended; a later attempt would start them over anyway. */
  async sweep(now: number): Promise<void> {
    await this.db.deleteFrom('rate_limit_windows').where('reset_at', '<=', now).execute();
  }
}
