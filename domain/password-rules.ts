import { z } from 'zod';

/**
 * Rules for a password someone chooses (registration, reset, change); signing in accepts any
 * non-empty password so accounts made before these rules keep working. ASVS 2.1: at least 8
 * characters, long ones allowed, and (on the server) not one of the most common passwords.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const passwordTexts = {
  tooShort: `Use at least ${PASSWORD_MIN} characters`,
  tooLong: `Use at most ${PASSWORD_MAX} characters`,
  common: 'This password is one of the most common ones: choose another',
  sameAsName: 'The password must not be your username or e-mail address',
} as const;

/** The schema of a newly chosen password; `field` names it in the message of a missing one. */
export const newPasswordSchema = (field = 'password') =>
  z
    .string({ error: `${field} is required` })
    .min(PASSWORD_MIN, { error: `${field} must be at least ${PASSWORD_MIN} characters` })
    .max(PASSWORD_MAX, { error: `${field} must be at most ${PASSWORD_MAX} characters` });

/**
 * What is wrong with a new password that can be told without the common-password list, or
 * null. The client shows it as the user types; the server applies it before the list.
 */
export function passwordProblem(
  password: string,
  account: { username?: string; email?: string } = {},
): string | null {
  if (password.length < PASSWORD_MIN) return passwordTexts.tooShort;
  if (password.length > PASSWORD_MAX) return passwordTexts.tooLong;
  const lower = password.trim().toLowerCase();
  const own = [account.username, account.email, account.email?.split('@')[0]]
    .map((value) => value?.trim().toLowerCase() ?? '')
    .filter((value) => value !== '');
  if (own.includes(lower)) return passwordTexts.sameAsName;
  return null;
}
