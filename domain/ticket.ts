import { z } from 'zod';

export const TICKET_TITLE_MAX = 120;
export const TICKET_BODY_MAX = 5000;
export const TICKET_ATTACHMENTS_MAX = 10;
/** Attachment names are cut to this many characters on display (spec P2 §5). */
export const ATTACHMENT_NAME_SHOWN = 64;

const Who = z.object({ userId: z.number().int(), userName: z.string() });

/** GET /api/ticket rows; ticketUser tells administrators whose ticket it is. */
export const TicketSchema = z.object({
  ticketId: z.number().int(),
  ticketTitle: z.string(),
  ticketCreated: z.string(),
  ticketOpen: z.boolean(),
  /** Null after the account was deleted (its tickets go with it, so only in a race). */
  ticketUser: Who.nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketMessageSchema = z.object({
  ticketMessageId: z.number().int(),
  ticketMessageBody: z.string(),
  ticketMessageCreated: z.string(),
  /** Null when the author's account was deleted. */
  user: Who.extend({ isAdmin: z.boolean() }).nullable(),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

/** The spec's Attachment (uploadId, uploadPath, ticketMessageId) plus what the screen shows. */
export const AttachmentSchema = z.object({
  uploadId: z.number().int(),
  /** Relative path for GET /api/file?path=. */
  uploadPath: z.string(),
  ticketMessageId: z.number().int(),
  uploadName: z.string(),
  uploadSize: z.number().int(),
  uploadType: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** GET /api/ticket/{id} */
export const TicketDetailSchema = z.object({
  ticket: TicketSchema,
  messages: z.array(TicketMessageSchema),
  attachments: z.array(AttachmentSchema),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

const body = z
  .string({ error: 'body is required' })
  .refine((text) => text.trim().length > 0, { error: 'body is required' })
  .refine((text) => text.length <= TICKET_BODY_MAX, {
    error: `body must be at most ${TICKET_BODY_MAX} characters`,
  });

const attachments = z
  .array(z.number({ error: 'attachments must be upload ids' }).int().positive(), {
    error: 'attachments must be a list of upload ids',
  })
  .max(TICKET_ATTACHMENTS_MAX, {
    error: `at most ${TICKET_ATTACHMENTS_MAX} attachments per message`,
  })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'an attachment is listed twice' })
  .default([]);

/** PUT /api/ticket; attachments are an addition to the spec's {title, body}. */
export const NewTicketSchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(TICKET_TITLE_MAX, { error: `title must be at most ${TICKET_TITLE_MAX} characters` }),
  body,
  attachments,
});
export type NewTicket = z.input<typeof NewTicketSchema>;

/** PUT /api/ticket/{id} */
export const TicketReplySchema = z.object({ body, attachments });
export type TicketReply = z.input<typeof TicketReplySchema>;

/** POST /api/ticket/{id} */
export const TicketOpenSchema = z.object({
  open: z.boolean({ error: 'open must be true or false' }),
});

export const TicketCreatedSchema = z.object({ ticketId: z.number().int() });
export const TicketRepliedSchema = z.object({ ticketMessageId: z.number().int() });

/** The displayed attachment name: at most 64 characters, with an ellipsis when cut. */
export function shownAttachmentName(name: string): string {
  const chars = [...name];
  return chars.length <= ATTACHMENT_NAME_SHOWN
    ? name
    : `${chars.slice(0, ATTACHMENT_NAME_SHOWN - 1).join('')}…`;
}

/** PUT /api/ticket and PUT /api/ticket/{id} as the server reads them: attachments defaulted. */
export type ParsedNewTicket = z.output<typeof NewTicketSchema>;
export type ParsedTicketReply = z.output<typeof TicketReplySchema>;
