import type { Db } from '../../server/db/database';

/**
 * Empties the shared rate-limit windows. On PostgreSQL they live in the database (decision
 * 0049), so rebuilding an app no longer forgets them; tests that want a fresh allowance per
 * case call this as well. On SQLite the table stays empty and this changes nothing.
 */
export async function forgetRateLimits(db: Db): Promise<void> {
  await db.deleteFrom('rate_limit_windows').execute();
}
