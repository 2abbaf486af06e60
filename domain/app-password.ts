import { z } from 'zod';
import { positiveId } from './params';

/** How many app passwords one account may hold: one per app and device is plenty. */
export const APP_PASSWORDS_PER_USER = 20;

/** A name the user recognises the app or device by ("Phone", "Car"); trimmed, 1 to 64. */
export const AppPasswordNameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'Give the app password a name' })
  .max(64, { error: 'The name is at most 64 characters' });

/** PUT /api/user/app_password. */
export const CreateAppPasswordSchema = z.object({ name: AppPasswordNameSchema });
export type CreateAppPassword = z.infer<typeof CreateAppPasswordSchema>;

/** The answer to a creation: the only time the password itself is shown. */
export const CreatedAppPasswordSchema = z.object({
  appPasswordId: z.number().int().positive(),
  name: z.string(),
  password: z.string(),
});
export type CreatedAppPassword = z.infer<typeof CreatedAppPasswordSchema>;

/** GET /api/user/app_password: one's app passwords, without the passwords. */
export const AppPasswordSchema = z.object({
  appPasswordId: z.number().int().positive(),
  name: z.string(),
  createdAt: z.string(),
  /** The last /rest call it signed in (updated at most once a minute); null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof AppPasswordSchema>;

export const AppPasswordListSchema = z.array(AppPasswordSchema);

/** DELETE /api/user/app_password/{appPasswordId}. */
export const AppPasswordParams = z.object({ appPasswordId: positiveId('appPasswordId') });
