import { z } from 'zod';
import { positiveId } from './params';

/**
 * Conversations: the direct messages between the caller and one other user, both sides in
 * order (issue 30). The spec's inbox calls stay as they are; these are what threads add.
 */
export const THREAD_PAGE_MAX = 100;
export const THREAD_PAGE_DEFAULT = 50;
export const RECIPIENT_QUERY_MAX = 64;
export const RECIPIENTS_LIMIT = 20;

/** GET /api/messages/conversations: one row per correspondent, the latest first. */
export const ConversationSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  isAdmin: z.boolean(),
  lastTitle: z.string(),
  lastDate: z.string(),
  lastFromMe: z.boolean(),
  /** Messages from this correspondent the caller has not read. */
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ThreadMessageSchema = z.object({
  dmId: z.number().int(),
  fromMe: z.boolean(),
  title: z.string(),
  body: z.string(),
  date: z.string(),
  read: z.boolean(),
});
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;

export const CorrespondentSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  isAdmin: z.boolean(),
});
export type Correspondent = z.infer<typeof CorrespondentSchema>;

/**
 * GET /api/messages/conversations/{userId}: a page of the thread, oldest first; `nextBefore`
 * fetches the older page (null when this one reaches the first message).
 */
export const ThreadPageSchema = z.object({
  user: CorrespondentSchema,
  messages: z.array(ThreadMessageSchema),
  nextBefore: z.number().int().nullable(),
});
export type ThreadPage = z.infer<typeof ThreadPageSchema>;

export const ConversationParams = z.object({ userId: positiveId('userId') });

export const ThreadQuerySchema = z.object({
  before: positiveId('before').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(THREAD_PAGE_MAX, { error: `limit must be at most ${THREAD_PAGE_MAX}` })
    .default(THREAD_PAGE_DEFAULT),
});
export type ThreadQuery = z.infer<typeof ThreadQuerySchema>;

/** GET /api/messages/recipients?q=: the "New message" picker (names only, admins first). */
export const RecipientQuerySchema = z.object({
  q: z
    .string()
    .max(RECIPIENT_QUERY_MAX, { error: `q must be at most ${RECIPIENT_QUERY_MAX} characters` })
    .default(''),
});
export type RecipientQuery = z.infer<typeof RecipientQuerySchema>;

/** PUT /api/messages/conversations/{userId}/read */
export const MarkConversationReadSchema = z.object({ marked: z.number().int() });
