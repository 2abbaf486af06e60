import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { UploadRow, UploadsTable } from '../../db/support-tables';

export const findUpload = (db: Db, uploadId: number): Promise<UploadRow | undefined> =>
  db.selectFrom('uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();

export const findUploadByStoredName = (
  db: Db,
  storedName: string,
): Promise<UploadRow | undefined> =>
  db.selectFrom('uploads').selectAll().where('stored_name', '=', storedName).executeTakeFirst();

export const findUploads = (db: Db, uploadIds: readonly number[]): Promise<UploadRow[]> =>
  uploadIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('uploads')
        .selectAll()
        .where('upload_id', 'in', [...uploadIds])
        .execute();

export const insertUpload = (db: Db, row: Insertable<UploadsTable>): Promise<UploadRow> =>
  db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();

export async function deleteUploadRow(db: Db, uploadId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('uploads')
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Users whose tickets carry this upload as an attachment: they may open it too. */
export async function ticketUsersOfUpload(db: Db, uploadId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ticket_attachments as a')
    .innerJoin('ticket_messages as m', 'm.ticket_message_id', 'a.ticket_message_id')
    .innerJoin('tickets as t', 't.ticket_id', 'm.ticket_id')
    .select('t.user_id')
    .where('a.upload_id', '=', uploadId)
    .execute();
  return [...new Set(rows.map((row) => row.user_id))];
}
