import { z } from 'zod';
import { OkSchema } from './params';
import { newPasswordSchema, passwordProblem, PASSWORD_MAX } from './password-rules';

export { PASSWORD_MAX };

/** Usernames are longer than 3 characters (spec part 1, section 5). */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 32;
const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

const username = z
  .string({ error: 'username is required' })
  .trim()
  .min(USERNAME_MIN, { error: 'username must be longer than 3 characters' })
  .max(USERNAME_MAX, { error: `username must be at most ${USERNAME_MAX} characters` })
  .regex(USERNAME_PATTERN, {
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
  .regex(EMAIL_PATTERN, { error: 'email must be an e-mail address' });

export const LoginBodySchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1).max(254),
  password,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  username,
  password: newPasswordSchema(),
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
  password: newPasswordSchema(),
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

export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  acceptTos: boolean;
  acceptPrivacy: boolean;
}

export const registrationTexts = {
  usernameShort: `At least ${USERNAME_MIN} characters`,
  usernameLong: `At most ${USERNAME_MAX} characters`,
  usernameChars: 'Only letters, digits, dots, dashes and underscores',
  email: 'An e-mail address, like name@example.com',
  acceptTos: 'Accept the terms of service to register',
  acceptPrivacy: 'Accept the privacy notice to register',
} as const;

export type RegistrationProblems = Partial<Record<keyof RegistrationForm, string>>;

/**
 * What keeps each field of the registration form from being accepted, for the messages next
 * to the fields and the reason under a disabled button. The spec's floor (username longer than
 * 3, an "@", a non-empty password) is raised to the server's own rules, so a form the button
 * sends is one the server takes (but for names taken and the common-password list).
 */
export function registrationProblems(form: RegistrationForm): RegistrationProblems {
  const problems: RegistrationProblems = {};
  const name = form.username.trim();
  if (name.length < USERNAME_MIN) problems.username = registrationTexts.usernameShort;
  else if (name.length > USERNAME_MAX) problems.username = registrationTexts.usernameLong;
  else if (!USERNAME_PATTERN.test(name)) problems.username = registrationTexts.usernameChars;
  if (!EMAIL_PATTERN.test(form.email.trim())) problems.email = registrationTexts.email;
  const password = passwordProblem(form.password, { username: name, email: form.email });
  if (password !== null) problems.password = password;
  if (!form.acceptTos) problems.acceptTos = registrationTexts.acceptTos;
  if (!form.acceptPrivacy) problems.acceptPrivacy = registrationTexts.acceptPrivacy;
  return problems;
}

/** The register button is enabled when no field has a problem (spec part 1, section 5). */
export function canSubmitRegistration(form: RegistrationForm): boolean {
  return Object.keys(registrationProblems(form)).length === 0;
}

/** POST /api/register as the server reads it: name and emailMarketing defaulted. */
export type RegisterValues = z.output<typeof RegisterBodySchema>;

/** POST /api/reset_password: an administrator asking with noEmail gets the code, others ok. */
export const ResetRequestAnswerSchema = z.union([ResetCodeSchema, OkSchema]);
