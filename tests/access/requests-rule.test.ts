import { describe, expect, it } from 'vitest';
import type { Role } from '../../domain/role';
import { NO_ROLE, toCaller } from '../../server/access/caller';
import {
  mayUseRequests,
  requestsLimited,
  requireRequestDelete,
  requireRequestEditor,
  requireRequests,
} from '../../server/access/requests';
import type { UserRow } from '../../server/db/tables';

const role = (roleEnableRequests: boolean, roleRequestLimit: number | null = 5): Role => ({
  ...NO_ROLE,
  roleId: 2,
  roleEnableRequests,
  roleRequestLimit,
});
const user = (fields: Partial<UserRow>) =>
  ({ user_id: 7, is_admin: 0, email_confirmed: 1, remaining_requests: 3, ...fields }) as UserRow;
const on = { enableRequests: true };
const off = { enableRequests: false };

describe('request access rules', () => {
  it('need the role flag, the setting and a confirmed e-mail; admins always may', () => {
    expect(mayUseRequests(toCaller(user({}), role(true)), on)).toBe(true);
    expect(mayUseRequests(toCaller(user({}), role(false)), on)).toBe(false);
    expect(mayUseRequests(toCaller(user({}), role(true)), off)).toBe(false);
    expect(mayUseRequests(toCaller(user({ email_confirmed: 0 }), role(true)), on)).toBe(false);
    expect(mayUseRequests(toCaller(user({ is_admin: 1 }), role(false)), off)).toBe(true);
    expect(() => requireRequests(toCaller(user({ email_confirmed: 0 }), role(true)), on)).toThrow(
      'You need to confirm your email first!',
    );
    expect(() => requireRequests(toCaller(user({}), undefined), on)).toThrow(/not available/);
  });

  it('let the author and administrators edit, only administrators delete', () => {
    const author = toCaller(user({}), role(true));
    const admin = toCaller(user({ user_id: 1, is_admin: 1 }), role(true));
    expect(() => requireRequestEditor(author, { userId: 7 })).not.toThrow();
    expect(() => requireRequestEditor(author, { userId: 8 })).toThrow(/author/);
    expect(() => requireRequestEditor(author, { userId: null })).toThrow(/author/);
    expect(() => requireRequestEditor(admin, { userId: 8 })).not.toThrow();
    expect(() => requireRequestDelete(author)).toThrow(/administrators/);
    expect(() => requireRequestDelete(admin)).not.toThrow();
  });

  it('count requests unless the role or the user is unlimited', () => {
    expect(requestsLimited(toCaller(user({}), role(true)))).toBe(true);
    expect(requestsLimited(toCaller(user({}), role(true, null)))).toBe(false);
    expect(requestsLimited(toCaller(user({ remaining_requests: null }), role(true)))).toBe(false);
  });
});
