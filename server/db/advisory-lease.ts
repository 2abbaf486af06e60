import { sql } from 'kysely';
import type { Db, Dialect } from './database';

/** Held while this process does the work it names; `release` gives it up. */
export interface Lease {
  release(): Promise<void>;
}

/** The lease of work only this process can do (SQLite, a single server): nothing to release. */
export const GRANTED: Lease = { release: () => Promise.resolve() };

/**
 * Which app server does a piece of work (issue 32): a PostgreSQL session advisory lock on
 * (`space`, `id`), held on one pooled connection until released. A server that dies (even by
 * SIGKILL) loses its connection, so the lock is free again at once and another server may take
 * the work over; a live server keeps it however long the work takes. On SQLite there is one
 * process: always granted. Answers null while another live server holds it.
 */
export function takeAdvisoryLease(
  db: Db,
  dialect: Dialect,
  space: number,
  id: number,
): Promise<Lease | null> {
  if (dialect !== 'postgres') return Promise.resolve(GRANTED);
  return new Promise((resolve, reject) => {
    let release = () => undefined as void;
    const released = new Promise<void>((done) => (release = done));
    const held = db.connection().execute(async (conn) => {
      const { rows } = await sql<{ taken: boolean }>`
        SELECT pg_try_advisory_lock(${space}, ${id}) AS taken`.execute(conn);
      if (rows[0]?.taken !== true) return resolve(null);
      resolve({
        release: async () => {
          release();
          await held;
        },
      });
      await released;
      await sql`SELECT pg_advisory_unlock(${space}, ${id})`.execute(conn);
    });
    held.catch(reject);
  });
}
