import type { ColumnType, Generated, Selectable } from 'kysely';

/** A file someone sent to POST /api/upload; the bytes live in DATA_DIR/uploads/<stored_name>. */
export interface UploadsTable {
  upload_id: Generated<number>;
  /** Null once the uploader's account is deleted; the file stays for whoever still uses it. */
  user_id: number | null;
  /** Generated name on disk; the only thing ever joined into a path. */
  stored_name: string;
  /** What the browser called it: shown and offered as the download name, never used as a path. */
  original_name: string;
  /** bigint: PostgreSQL hands it back as a string; read it through Number(). */
  size: ColumnType<number | string, number, number>;
  content_type: string;
  created_at: string;
}

export interface TicketsTable {
  ticket_id: Generated<number>;
  user_id: number;
  title: string;
  open: number;
  created_at: string;
}

export interface TicketMessagesTable {
  ticket_message_id: Generated<number>;
  ticket_id: number;
  /** Null when the author's account (e.g. an admin who replied) is deleted. */
  user_id: number | null;
  body: string;
  created_at: string;
}

export interface TicketAttachmentsTable {
  ticket_attachment_id: Generated<number>;
  ticket_message_id: number;
  upload_id: number;
}

/** An upload offered to the library from /user-upload (migration 0012). */
export interface UserUploadsTable {
  upload_id: number;
  description: string;
  created_at: string;
}

export interface SupportTables {
  uploads: UploadsTable;
  music_uploads: UserUploadsTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  ticket_attachments: TicketAttachmentsTable;
}

export type UploadRow = Selectable<UploadsTable>;
export type TicketRow = Selectable<TicketsTable>;
export type TicketMessageRow = Selectable<TicketMessagesTable>;
