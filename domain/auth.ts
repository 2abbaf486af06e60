import { z } from 'zod';
import { OkSchema } from './params';

/** Usernames are longer than 3 characters (spec part 1, section 5). */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 32;
export const PASSWORD_MAX = 256;

const username = z
  .string({ error: 'username is required' })
  .trim()
  .min(USERNAME_MIN, { error: 'username must be longer than 3 characters' })
  .max(USERNAME_MAX, { error: `username must be at most ${USERNAME_MAX} characters` })
  .regex(/^[\p{L}\p{N}_.-]+$/u, {
    error: 'username may hold only letters, digits, dots, dashes and underscores',
  });
const password = z
  .string({ error: 'password is required' })
  .min(1, { error: 'password is required' })
  .max(PASSWORD_MAX, { error: `password must be at most ${PASSWORD_MAX} characters` });
const email = z
  .string({ error: 'email is required' })
  .trim()
  .max(254, { error: 'email is too long' })
  .regex(/^[^\s@]+@[^\s@]+$/, { error: 'email must be an e-mail address' });

export const LoginBodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1).max(254),
  password,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  username,
  password,
  email,
  name: z.string().trim().max(128, { error: 'name is too long' }).optional().default(''),
  invite: z.string().trim().max(64).optional().nullable(),
  emailMarketing: z.boolean().optional().default(false),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/** POST /api/reset_password: request a reset e-mail (or, for admins with noEmail, the code). */
export const ResetRequestBodySchema = z.object({ email, noEmail: z.boolean().optional() });
export type ResetRequestBody = z.infer<typeof ResetRequestBodySchema>;

/** Admin answer to a reset request with noEmail. */
export const ResetCodeSchema = z.object({
  passwordResetRequestCode: z.string(),
  passwordResetRequestExpires: z.string(),
});
export type ResetCode = z.infer<typeof ResetCodeSchema>;

/** PUT /api/reset_password */
export const ResetBodySchema = z.object({
  password,
  code: z.string({ error: 'code is required' }).min(1).max(128),
});
export type ResetBody = z.infer<typeof ResetBodySchema>;

export const ConfirmEmailBodySchema = z.object({
  code: z.string({ error: 'code is required' }).min(1).max(128),
});

export const ContactBodySchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(128),
  email,
  body: z
    .string({ error: 'body is required' })
    .trim()
    .min(1, { error: 'body is required' })
    .max(5000),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** The client-side rule for enabling the register button (spec part 1, section 5). */
export function canSubmitRegistration(form: {
  username: string;
  email: string;
  password: string;
  acceptTos: boolean;
  acceptPrivacy: boolean;
}): boolean {
  return (
    form.acceptTos &&
    form.acceptPrivacy &&
    form.username.trim().length > 3 &&
    form.email.includes('@') &&
    form.password.length > 0
  );
}

/** POST /api/register as the server reads it: name and emailMarketing defaulted. */
export type RegisterValues = z.output<typeof RegisterBodySchema>;

/** POST /api/reset_password: an administrator asking with noEmail gets the code, others ok. */
export const ResetRequestAnswerSchema = z.union([ResetCodeSchema, OkSchema]);
