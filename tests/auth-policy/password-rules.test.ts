import { describe, expect, it } from 'vitest';
import { canSubmitRegistration, registrationProblems } from '../../domain/auth';
import { passwordProblem, passwordTexts } from '../../domain/password-rules';
import { isCommonPassword } from '../../server/security/common-passwords';

const filled = {
  username: 'listener',
  email: 'listener@example.com',
  password: 'tuba-7-x',
  acceptTos: true,
  acceptPrivacy: true,
};

describe('registrationProblems', () => {
  it('names each field the issue found wrong ("ab", "notanemail", a short password)', () => {
    const problems = registrationProblems({
      ...filled,
      username: 'ab',
      email: 'notanemail',
      password: 'short',
      acceptTos: false,
    });
    expect(problems).toEqual({
      username: 'At least 4 characters',
      email: 'An e-mail address, like name@example.com',
      password: passwordTexts.tooShort,
      acceptTos: 'Accept the terms of service to register',
    });
    expect(canSubmitRegistration({ ...filled, username: 'ab' })).toBe(false);
  });

  it('finds nothing wrong in a good form', () => {
    expect(registrationProblems(filled)).toEqual({});
    expect(canSubmitRegistration(filled)).toBe(true);
  });

  it('refuses characters the server refuses', () => {
    expect(registrationProblems({ ...filled, username: 'two words' }).username).toContain(
      'Only letters',
    );
  });
});

describe('passwordProblem', () => {
  it('allows 8 characters and refuses 7', () => {
    expect(passwordProblem('abcdefg')).toBe(passwordTexts.tooShort);
    expect(passwordProblem('abcdefgh')).toBeNull();
  });

  it('refuses the username or the e-mail address in any case', () => {
    const account = { username: 'Listener', email: 'someone@example.com' };
    expect(passwordProblem('LISTENER', account)).toBe(passwordTexts.sameAsName);
    expect(passwordProblem('someone@example.com', account)).toBe(passwordTexts.sameAsName);
    expect(passwordProblem('someone', { ...account, username: 'x' })).toBe(passwordTexts.tooShort);
  });
});

describe('the shipped common-password list', () => {
  it('holds the most common long passwords in any case, not ordinary phrases', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Qwertyuiop')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('tuba-7-x')).toBe(false);
  });
});
