import { LOCAL_SERVER_ID } from '../../../domain/settings';
import { nowIso, type Db } from '../../db/database';
import type { ServerRow } from '../../db/server-tables';
import { randomToken, safeEqual } from '../../security/tokens';

export interface ServerFields {
  name: string;
  address: string;
  token: string;
}

export class ServersRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<ServerRow[]> {
    return this.db.selectFrom('servers').selectAll().orderBy('server_id').execute();
  }

  async find(serverId: number): Promise<ServerRow | null> {
    const row = await this.db
      .selectFrom('servers')
      .selectAll()
      .where('server_id', '=', serverId)
      .executeTakeFirst();
    return row ?? null;
  }

  async create(fields: ServerFields): Promise<number> {
    const row = await this.db
      .insertInto('servers')
      .values({ ...fields, created_at: nowIso() })
      .returning('server_id')
      .executeTakeFirstOrThrow();
    return row.server_id;
  }

  async update(serverId: number, fields: Partial<ServerFields>): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await this.db.updateTable('servers').set(fields).where('server_id', '=', serverId).execute();
  }

  async delete(serverId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('servers')
      .where('server_id', '=', serverId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setReachability(serverId: number, lastError: string | null): Promise<void> {
    await this.db
      .updateTable('servers')
      .set(
        lastError === null
          ? { last_error: null, last_seen_at: nowIso() }
          : { last_error: lastError },
      )
      .where('server_id', '=', serverId)
      .execute();
  }

  /** The built-in server that runs in the main process; its token is never used. */
  async ensureLocal(address: string): Promise<void> {
    await this.db
      .insertInto('servers')
      .values({
        server_id: LOCAL_SERVER_ID,
        name: 'Local',
        address,
        token: randomToken(),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('server_id').doNothing())
      .execute();
  }

  /** The node presenting `token`, compared in constant time against every remote server. */
  async findByToken(token: string): Promise<ServerRow | null> {
    const rows = await this.list();
    let found: ServerRow | null = null;
    for (const row of rows) {
      if (row.server_id !== LOCAL_SERVER_ID && safeEqual(row.token, token) && found === null)
        found = row;
    }
    return found;
  }
}
