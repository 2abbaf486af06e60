import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordProblem, passwordTexts } from '../../domain/password-rules';
import { BadRequest } from '../errors';

/**
 * common-passwords.txt: the 10,000 most common passwords of 8 characters or more, lowercased,
 * most common first. Taken from the frequency-ranked list of @zxcvbn-ts/language-common (MIT,
 * itself from public breach corpora); shorter ones need no list, the length rule refuses them.
 * Read once, on the first password chosen, not at start-up.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return common;
}

/** True when the password, in any case, is on the shipped list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/**
 * A password someone chooses (registration, reset, change): the shared rules, then the list.
 * Not applied to ADMIN_PASSWORD from the environment or to rows seeded directly: the operator
 * owns those.
 */
export function assertAcceptablePassword(
  password: string,
  account: { username?: string; email?: string } = {},
): void {
  const problem = passwordProblem(password, account);
  if (problem !== null) throw new BadRequest(problem);
  if (isCommonPassword(password)) throw new BadRequest(passwordTexts.common);
}
