import type { Db } from '../../db/database';

export async function insertContactMessage(
  db: Db,
  message: { name: string; email: string; body: string; ip: string | null; created_at: string },
): Promise<void> {
  await db.insertInto('contact_messages').values(message).execute();
}
