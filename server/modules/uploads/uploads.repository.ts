import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { UploadRow, UploadsTable } from '../../db/support-tables';

export class UploadsRepository {
  constructor(private readonly db: Db) {}

  findUpload(uploadId: number): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
  }

  findUploadByStoredName(storedName: string): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('stored_name', '=', storedName)
      .executeTakeFirst();
  }

  findUploads(uploadIds: readonly number[]): Promise<UploadRow[]> {
    return uploadIds.length === 0
      ? Promise.resolve([])
      : this.db
          .selectFrom('uploads')
          .selectAll()
          .where('upload_id', 'in', [...uploadIds])
          .execute();
  }

  insertUpload(row: Insertable<UploadsTable>): Promise<UploadRow> {
    return this.db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async deleteUploadRow(uploadId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('uploads')
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Users whose tickets carry this upload as an attachment: they may open it too. */
  async ticketUsersOfUpload(uploadId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('ticket_attachments as a')
      .innerJoin('ticket_messages as m', 'm.ticket_message_id', 'a.ticket_message_id')
      .innerJoin('tickets as t', 't.ticket_id', 'm.ticket_id')
      .select('t.user_id')
      .where('a.upload_id', '=', uploadId)
      .execute();
    return [...new Set(rows.map((row) => row.user_id))];
  }
}
