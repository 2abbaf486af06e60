import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';

/** pg_advisory_lock's first key: this application's imports (the second is unused, 0). */
const IMPORT_LOCK = 0x6d626c69; // "mbli"

/** Held while this process runs a library import; `release` gives it up. */
export type ImportLease = { release(): Promise<void> };

/**
 * Which app server runs library imports (issue 32): a PostgreSQL session advisory lock, held on
 * one connection for the whole import. A server that dies (even by SIGKILL) loses its
 * connection, so the lock is free again at once and another server may resume the import; a
 * live server keeps it however long the import takes. On SQLite there is one process: always
 * granted.
 */
export class ImportLeaseRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The lease, or null while another live server holds it. */
  take(): Promise<ImportLease | null> {
    if (this.dialect !== 'postgres') return Promise.resolve({ release: () => Promise.resolve() });
    return new Promise((resolve, reject) => {
      let release = () => undefined as void;
      const released = new Promise<void>((done) => (release = done));
      const held = this.db.connection().execute(async (conn) => {
        const { rows } = await sql<{ taken: boolean }>`
          SELECT pg_try_advisory_lock(${IMPORT_LOCK}, 0) AS taken`.execute(conn);
        if (rows[0]?.taken !== true) return resolve(null);
        resolve({
          release: async () => {
            release();
            await held;
          },
        });
        await released;
        await sql`SELECT pg_advisory_unlock(${IMPORT_LOCK}, 0)`.execute(conn);
      });
      held.catch(reject);
    });
  }
}
