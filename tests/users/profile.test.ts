import { describe, expect, it } from 'vitest';
import { UserWithRoleSchema } from '../../domain/user';
import { TestClient } from '../helpers/client';
import { errorOf, perFile, setUpApp, withAliceAndBob, userRow } from '../helpers/setup';

const s = perFile(async () => withAliceAndBob(await setUpApp()));

const profileOf = async (client: TestClient, id: number) => {
  const response = await client.get(`/api/user/${id}`);
  expect(response.statusCode).toBe(200);
  return UserWithRoleSchema.parse(response.json());
};

describe('GET /api/user/{id}', () => {
  it('answers the user and their role, with gender 0.5 for a fresh account', async () => {
    const { user, role } = await profileOf(s.alice, s.alice.userId);
    expect(user.userId).toBe(s.alice.userId);
    expect(user.userName).toBe('alice');
    expect(user.registerIp).toBe(s.alice.remoteAddress);
    expect(role.roleId).toBe(user.roleId);
    expect(user.userGender).toBe(0.5);
    expect(user.userEmail).toBe('alice@example.com');
  });

  it('leaves e-mail, limits and balance out for another user; shows them to admins', async () => {
    const seen = await profileOf(s.bob, s.alice.userId);
    expect(seen.user.userName).toBe('alice');
    expect(seen.user.userEmail).toBeUndefined();
    expect(seen.user.lastLoginIp).toBeUndefined();
    expect(seen.user.registerIp).toBeUndefined();
    expect(seen.user.userBalance).toBeUndefined();
    expect(seen.user.remainingInvites).toBeUndefined();
    const asAdmin = await profileOf(s.admin, s.alice.userId);
    expect(asAdmin.user.userEmail).toBe('alice@example.com');
    expect(asAdmin.user.lastLoginIp).toBeDefined();
  });

  it('refuses anonymous callers, unknown ids and ids that are not numbers', async () => {
    expect((await new TestClient(s.t.app).get(`/api/user/${s.alice.userId}`)).statusCode).toBe(401);
    const missing = await s.alice.get('/api/user/999999');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBeTruthy();
    const bad = await s.alice.get('/api/user/abc');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/id/);
  });
});

describe('POST /api/user/{id}: own profile fields', () => {
  it('saves every profile field, and GET reflects them', async () => {
    const body = {
      userFullName: 'Alice Liddell',
      userAge: 30,
      userGender: 0.47,
      userCountry: 'GB',
      userSocials: { instagram: 'alice.i', youtube: 'alice.y', facebook: 'alice.f' },
      emailMarketing: true,
    };
    const saved = await s.alice.post(`/api/user/${s.alice.userId}`, body);
    expect(saved.statusCode).toBe(200);
    const { user } = await profileOf(s.alice, s.alice.userId);
    expect(user).toMatchObject(body);
  });

  it.each([
    [{ userAge: 129 }, /userAge/],
    [{ userAge: -1 }, /userAge/],
    [{ userAge: 'thirty' }, /userAge|number/],
    [{ userGender: 1.5 }, /userGender/],
    [{ userFullName: 'x'.repeat(200) }, /userFullName/],
    [{ userSocials: { instagram: 5 } }, /instagram|string/],
  ])('refuses %j and changes nothing', async (body, message) => {
    const before = await userRow(s.t, s.alice.userId);
    const response = await s.alice.post(`/api/user/${s.alice.userId}`, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(message);
    expect(await userRow(s.t, s.alice.userId)).toEqual(before);
  });

  it("refuses another user's profile and changes nothing", async () => {
    const before = await userRow(s.t, s.alice.userId);
    const response = await s.bob.post(`/api/user/${s.alice.userId}`, { userFullName: 'Mallory' });
    expect(response.statusCode).toBe(403);
    expect(await userRow(s.t, s.alice.userId)).toEqual(before);
  });

  it('refuses anonymous callers', async () => {
    const anonymous = new TestClient(s.t.app);
    expect((await anonymous.post(`/api/user/${s.alice.userId}`, { userAge: 3 })).statusCode).toBe(
      401,
    );
  });

  it('refuses admin fields from the user themself and changes nothing', async () => {
    const before = await userRow(s.t, s.alice.userId);
    for (const body of [
      { userBalance: 99_999 },
      { remainingDownloads: 9_999 },
      { remainingInvites: 5 },
      { emailConfirmed: true },
      { isAdmin: true },
      { roleId: before!.role_id + 1 },
    ]) {
      const response = await s.alice.post(`/api/user/${s.alice.userId}`, body);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatch(/^Only administrators can change /);
      expect(errorOf(response)).toContain(Object.keys(body)[0]);
    }
    expect(await userRow(s.t, s.alice.userId)).toEqual(before);
  });

  it('names the allowed range of an age', async () => {
    const response = await s.alice.post(`/api/user/${s.alice.userId}`, { userAge: 129 });
    expect(response.json()).toEqual({ error: 'userAge: userAge must be from 0 to 128' });
  });

  it('accepts the whole user sent back unchanged by the user themself', async () => {
    const { user } = (await s.alice.get('/api/user')).json<{ user: Record<string, unknown> }>();
    const response = await s.alice.post(`/api/user/${s.alice.userId}`, {
      ...user,
      userFullName: 'Al',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ user: { userFullName: string } }>().user.userFullName).toBe('Al');
  });
});

describe('POST /api/user/{id}: admin fields', () => {
  it('lets an admin set limits, invites, e-mail, confirmation, role and its expiry', async () => {
    const { role_id: roleId } = await s.t.db
      .selectFrom('roles')
      .select('role_id')
      .where('role_name', '=', 'Administrator')
      .executeTakeFirstOrThrow();
    const body = {
      roleExpiration: '2030-01-01T00:00:00.000Z',
      remainingDownloads: 7,
      remainingRequests: 3,
      remainingInvites: 2,
      userEmail: 'bob.new@example.com',
      emailConfirmed: true,
      roleId,
    };
    const response = await s.admin.post(`/api/user/${s.bob.userId}`, body);
    expect(response.statusCode).toBe(200);
    const seen = await profileOf(s.admin, s.bob.userId);
    expect(seen.user).toMatchObject(body);
    expect(seen.role.roleName).toBe('Administrator');
  });

  it('books a balance change in the ledger, in cents', async () => {
    expect(
      (await s.admin.post(`/api/user/${s.bob.userId}`, { userBalance: 1234 })).statusCode,
    ).toBe(200);
    expect(
      (await s.admin.post(`/api/user/${s.bob.userId}`, { userBalance: 1000 })).statusCode,
    ).toBe(200);
    // Sending the same balance back moves no money.
    expect(
      (await s.admin.post(`/api/user/${s.bob.userId}`, { userBalance: 1000 })).statusCode,
    ).toBe(200);
    expect((await profileOf(s.admin, s.bob.userId)).user.userBalance).toBe(1000);
    const rows = await s.t.db
      .selectFrom('ledger')
      .select(['kind', 'amount', 'fee'])
      .where('user_id', '=', s.bob.userId)
      .orderBy('transaction_id')
      .execute();
    expect(rows).toEqual([
      { kind: 'adjustment', amount: 1234, fee: 0 },
      { kind: 'adjustment', amount: -234, fee: 0 },
    ]);
    const history = await s.bob.get('/api/transaction');
    expect(history.statusCode).toBe(200);
  });

  it.each([
    [{ userBalance: 12.5 }, /userBalance/],
    [{ userBalance: -1 }, /userBalance/],
    [{ userEmail: 'not-an-address' }, /userEmail/],
    [{ roleId: 999_999 }, /roleId/],
    [{ remainingDownloads: -2 }, /remainingDownloads|>=|0/],
  ])('refuses %j from an admin and changes nothing', async (body, message) => {
    const before = await userRow(s.t, s.bob.userId);
    const ledger = await s.t.db.selectFrom('ledger').select('transaction_id').execute();
    const response = await s.admin.post(`/api/user/${s.bob.userId}`, {
      ...body,
      userFullName: 'Changed',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(message);
    expect(await userRow(s.t, s.bob.userId)).toEqual(before);
    expect(await s.t.db.selectFrom('ledger').select('transaction_id').execute()).toEqual(ledger);
  });

  it('rolls the balance back when another field of the same save is refused', async () => {
    const before = await userRow(s.t, s.bob.userId);
    const response = await s.admin.post(`/api/user/${s.bob.userId}`, {
      userBalance: 5000,
      userEmail: 'alice@example.com',
    });
    expect(response.statusCode).toBe(409);
    expect(await userRow(s.t, s.bob.userId)).toEqual(before);
  });

  it('refuses an e-mail another account uses, in any case', async () => {
    const taken = await s.admin.post(`/api/user/${s.bob.userId}`, {
      userEmail: 'ALICE@example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect((await userRow(s.t, s.bob.userId))!.email).not.toBe('ALICE@example.com');
  });

  it('refuses to take isAdmin from the last administrator', async () => {
    const me = (await s.admin.get('/api/user')).json<{ user: { userId: number } }>().user.userId;
    const response = await s.admin.post(`/api/user/${me}`, { isAdmin: false });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(/last administrator/);
    expect((await userRow(s.t, me))!.is_admin).toBe(1);
  });
});

describe('POST /api/user/{id}/extra', () => {
  it('saves favourite genres in the settings spelling', async () => {
    const response = await s.alice.post(`/api/user/${s.alice.userId}/extra`, {
      genres: ['ambient', 'House'],
    });
    expect(response.statusCode).toBe(200);
    const me = (await s.alice.get('/api/user')).json<{ user: { userExtra: unknown } }>();
    expect(me.user.userExtra).toEqual({ genres: ['Ambient', 'House'] });
  });

  it('lets an admin set them too', async () => {
    const response = await s.admin.post(`/api/user/${s.bob.userId}/extra`, {
      genres: ['Electronic'],
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses unknown genres, wrong types, other users and anonymous callers', async () => {
    const before = await userRow(s.t, s.alice.userId);
    const unknown = await s.alice.post(`/api/user/${s.alice.userId}/extra`, {
      genres: ['Polka from Mars'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatch(/genres/);
    const wrong = await s.alice.post(`/api/user/${s.alice.userId}/extra`, { genres: 'House' });
    expect(wrong.statusCode).toBe(400);
    const missing = await s.alice.post(`/api/user/${s.alice.userId}/extra`, {});
    expect(missing.statusCode).toBe(400);
    const other = await s.bob.post(`/api/user/${s.alice.userId}/extra`, { genres: ['House'] });
    expect(other.statusCode).toBe(403);
    const anonymous = await new TestClient(s.t.app).post(`/api/user/${s.alice.userId}/extra`, {
      genres: [],
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await userRow(s.t, s.alice.userId)).toEqual(before);
  });
});
