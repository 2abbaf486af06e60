import type { Db } from '../../db/database';

export class ContactRepository {
  constructor(private readonly db: Db) {}

  async insertContactMessage(message: {
    name: string;
    email: string;
    body: string;
    ip: string | null;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('contact_messages').values(message).execute();
  }
}
