import { nowIso, type Db } from '../../db/database';

/** Who asked for which external download, and the request counter it took. */
export class DownloadRequestsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes one remaining request (when limited) in SQL, so two at once never go below zero;
   * false when none was left.
   */
  async takeRequest(userId: number, limited: boolean): Promise<boolean> {
    if (!limited) return true;
    const taken = await this.db
      .updateTable('users')
      .set((eb) => ({ remaining_requests: eb('remaining_requests', '-', 1) }))
      .where('user_id', '=', userId)
      .where('remaining_requests', '>=', 1)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  /** Gives the request back when the download could not even be queued. */
  async returnRequest(userId: number, limited: boolean): Promise<void> {
    if (!limited) return;
    await this.db
      .updateTable('users')
      .set((eb) => ({ remaining_requests: eb('remaining_requests', '+', 1) }))
      .where('user_id', '=', userId)
      .execute();
  }

  async record(serverId: number, downloadId: number, userId: number): Promise<void> {
    await this.db
      .insertInto('download_requests')
      .values({
        server_id: serverId,
        download_id: downloadId,
        user_id: userId,
        created_at: nowIso(),
      })
      .execute();
  }

  async owner(serverId: number, downloadId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('download_requests')
      .select('user_id')
      .where('server_id', '=', serverId)
      .where('download_id', '=', downloadId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
