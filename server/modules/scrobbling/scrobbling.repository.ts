import type { Selectable } from 'kysely';
import type { ScrobbleService } from '../../../domain/scrobbling';
import type { Db } from '../../db/database';
import type { ScrobbleAccountsTable, ScrobbleOutboxTable } from '../../db/scrobbling-tables';

export type ScrobbleAccountRow = Selectable<ScrobbleAccountsTable>;
export type OutboxRow = Selectable<ScrobbleOutboxTable>;

export interface NewListen {
  user_id: number;
  service: ScrobbleService;
  file_id: number;
  listened_at: string;
  track: string;
  next_attempt_at: string;
}

/** Scrobble accounts and the outbox of listens (migration 0019). */
export class ScrobblingRepository {
  constructor(private readonly db: Db) {}

  accountsOf(userId: number): Promise<ScrobbleAccountRow[]> {
    return this.db
      .selectFrom('scrobble_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  }

  findAccount(userId: number, service: ScrobbleService): Promise<ScrobbleAccountRow | undefined> {
    return this.db
      .selectFrom('scrobble_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .executeTakeFirst();
  }

  /** Connecting again replaces the secret and clears a refusal. */
  async saveAccount(row: ScrobbleAccountRow): Promise<void> {
    await this.db
      .insertInto('scrobble_accounts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'service']).doUpdateSet({
          secret: row.secret,
          service_user: row.service_user,
          connected_at: row.connected_at,
          broken_at: null,
        }),
      )
      .execute();
  }

  /** Disconnecting drops the account and the listens still waiting for it. */
  async deleteAccount(userId: number, service: ScrobbleService): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('scrobble_outbox')
        .where('user_id', '=', userId)
        .where('service', '=', service)
        .where('state', '=', 'pending')
        .execute();
      await trx
        .deleteFrom('scrobble_accounts')
        .where('user_id', '=', userId)
        .where('service', '=', service)
        .execute();
    });
  }

  async markBroken(userId: number, service: string, at: string): Promise<void> {
    await this.db
      .updateTable('scrobble_accounts')
      .set({ broken_at: at })
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .where('broken_at', 'is', null)
      .execute();
  }

  /** Pending listens per service of one user. */
  async pendingOf(userId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('scrobble_outbox')
      .select(['service', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .groupBy('service')
      .execute();
    return new Map(rows.map((row) => [row.service, Number(row.n)]));
  }

  /** Inserts the listens not already there (same user, service, file and time): how many. */
  async addListens(rows: readonly NewListen[]): Promise<number> {
    let added = 0;
    for (const row of rows) {
      const result = await this.db
        .insertInto('scrobble_outbox')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'service', 'file_id', 'listened_at']).doNothing(),
        )
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /**
   * Takes up to `limit` due listens of `service` whose account works, for this worker
   * (`claim`) until `leaseUntil`: a second worker's update finds them no longer due, so two
   * workers never send one listen at once; a worker that dies leaves them due after the lease.
   */
  async claimDue(
    service: ScrobbleService,
    now: string,
    leaseUntil: string,
    claim: string,
    limit: number,
  ): Promise<OutboxRow[]> {
    const due = await this.db
      .selectFrom('scrobble_outbox as o')
      .innerJoin('scrobble_accounts as a', (join) =>
        join.onRef('a.user_id', '=', 'o.user_id').onRef('a.service', '=', 'o.service'),
      )
      .select('o.outbox_id')
      .where('o.service', '=', service)
      .where('o.state', '=', 'pending')
      .where('o.next_attempt_at', '<=', now)
      .where('a.broken_at', 'is', null)
      .orderBy('o.listened_at')
      .limit(limit)
      .execute();
    const ids = due.map((row) => row.outbox_id);
    if (ids.length === 0) return [];
    await this.db
      .updateTable('scrobble_outbox')
      .set({ claim, next_attempt_at: leaseUntil })
      .where('outbox_id', 'in', ids)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .execute();
    return this.db
      .selectFrom('scrobble_outbox')
      .selectAll()
      .where('outbox_id', 'in', ids)
      .where('claim', '=', claim)
      .orderBy('listened_at')
      .execute();
  }

  async markSent(ids: readonly number[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('scrobble_outbox')
      .set({ state: 'sent', sent_at: at, claim: null, last_error: null })
      .where('outbox_id', 'in', [...ids])
      .execute();
  }

  async markFailed(ids: readonly number[], error: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('scrobble_outbox')
      .set({ state: 'failed', claim: null, last_error: error.slice(0, 500) })
      .where('outbox_id', 'in', [...ids])
      .execute();
  }

  /** Back to pending, due at `at`; `failed` counts an attempt and keeps its error. */
  async release(
    ids: readonly number[],
    at: string,
    failed: { error: string } | null,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('scrobble_outbox')
      .set((eb) => ({
        claim: null,
        next_attempt_at: at,
        ...(failed === null
          ? {}
          : { attempts: eb('attempts', '+', 1), last_error: failed.error.slice(0, 500) }),
      }))
      .where('outbox_id', 'in', [...ids])
      .execute();
  }

  /**
   * When the next pending listen of a working account falls due (null: none waits), among
   * the services this server sends to (Last.fm rows stay put while its key is not set).
   */
  async nextDue(services: readonly string[]): Promise<string | null> {
    if (services.length === 0) return null;
    const row = await this.db
      .selectFrom('scrobble_outbox as o')
      .innerJoin('scrobble_accounts as a', (join) =>
        join.onRef('a.user_id', '=', 'o.user_id').onRef('a.service', '=', 'o.service'),
      )
      .select((eb) => eb.fn.min('o.next_attempt_at').as('due'))
      .where('o.state', '=', 'pending')
      .where('o.service', 'in', [...services])
      .where('a.broken_at', 'is', null)
      .executeTakeFirst();
    return row?.due ?? null;
  }
}
