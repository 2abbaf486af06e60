import { takeAdvisoryLease, type Lease } from '../../db/advisory-lease';
import type { Db, Dialect } from '../../db/database';

/** pg_advisory_lock's first key: this application's imports (the second is unused, 0). */
const IMPORT_LOCK = 0x6d626c69; // "mbli"

/** Held while this process runs a library import; `release` gives it up. */
export type ImportLease = Lease;

/**
 * Which app server runs library imports (issue 32): one advisory lease for every import
 * (server/db/advisory-lease.ts), held for the whole import.
 */
export class ImportLeaseRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The lease, or null while another live server holds it. */
  take(): Promise<ImportLease | null> {
    return takeAdvisoryLease(this.db, this.dialect, IMPORT_LOCK, 0);
  }

  /**
   * Held for the moment a scan is started (look for a running import, then record one), so two
   * app servers asked at once never start two. Null while another server holds it.
   */
  takeStarting(): Promise<ImportLease | null> {
    return takeAdvisoryLease(this.db, this.dialect, IMPORT_LOCK, 1);
  }
}
