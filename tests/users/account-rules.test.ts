import { describe, expect, it } from 'vitest';
import {
  assertAdminFlagChange,
  assertBan,
  assertDelete,
  assertEditProfile,
  assertSeeUnlocked,
  canSeePrivateProfile,
} from '../../server/access/users';

const user = { userId: 1, isAdmin: false };
const other = { userId: 2, isAdmin: false };
const admin = { userId: 3, isAdmin: true };
const otherAdmin = { userId: 4, isAdmin: true };

describe('server/access/users', () => {
  it('private profile details: self and administrators only', () => {
    expect(canSeePrivateProfile(user, 1)).toBe(true);
    expect(canSeePrivateProfile(user, 2)).toBe(false);
    expect(canSeePrivateProfile(admin, 2)).toBe(true);
  });

  it('editing and unlocked lists follow the same rule', () => {
    expect(() => assertEditProfile(user, 1)).not.toThrow();
    expect(() => assertEditProfile(user, 2)).toThrow(/own profile/);
    expect(() => assertSeeUnlocked(other, 1)).toThrow(/own unlocked/);
    expect(() => assertSeeUnlocked(admin, 1)).not.toThrow();
  });

  it('bans: administrators only, never themselves', () => {
    expect(() => assertBan(user, other)).toThrow(/Only administrators/);
    expect(() => assertBan(user, admin)).toThrow(/Only administrators/);
    expect(() => assertBan(admin, admin)).toThrow(/yourself/);
    expect(() => assertBan(admin, otherAdmin)).not.toThrow();
  });

  it('deletion: self or an administrator, never the last administrator', () => {
    expect(() => assertDelete(user, user, 1)).not.toThrow();
    expect(() => assertDelete(user, other, 1)).toThrow(/Only administrators/);
    expect(() => assertDelete(admin, other, 1)).not.toThrow();
    expect(() => assertDelete(admin, admin, 1)).toThrow(/last administrator/);
    expect(() => assertDelete(admin, otherAdmin, 2)).not.toThrow();
  });

  it('the admin flag cannot leave the service without an administrator', () => {
    expect(() => assertAdminFlagChange(admin, false, 1)).toThrow(/last administrator/);
    expect(() => assertAdminFlagChange(admin, false, 2)).not.toThrow();
    expect(() => assertAdminFlagChange(user, true, 1)).not.toThrow();
  });
});
