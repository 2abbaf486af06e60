import { z } from 'zod';
import { PASSWORD_MAX } from './auth';
import { newPasswordSchema } from './password-rules';
import { CollectionSchema } from './collection';

const password = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .max(PASSWORD_MAX, { error: `${field} must be at most ${PASSWORD_MAX} characters` });

/** POST /api/user/password: the signed-in user changes their own password. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: password('currentPassword'),
  newPassword: newPasswordSchema('newPassword'),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** DELETE /api/user/me: the signed-in user deletes their own account at once. */
export const DeleteAccountBodySchema = z.object({ password: password('password') });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** Page sizes of spec part 2, section 9. */
export const UNLOCKED_PAGE_SIZE = 100;
export const USER_PAGE_SIZE = 50;

/** GET /api/user/{id}/unlocked?offset&limit; query-string values arrive as text. */
export const UnlockedQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int()
    .min(0, { error: 'offset must be 0 or more' })
    .optional()
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: `limit must be from 1 to ${UNLOCKED_PAGE_SIZE}` })
    .max(UNLOCKED_PAGE_SIZE, { error: `limit must be from 1 to ${UNLOCKED_PAGE_SIZE}` })
    .optional()
    .default(UNLOCKED_PAGE_SIZE),
});

/** Newest unlock first; an empty page means there is nothing more. */
export const UnlockedPageSchema = z.array(CollectionSchema);
