import { sql } from 'kysely';
import type { Db } from '../../db/database';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** One round trip to the database; throws when it cannot be reached. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
