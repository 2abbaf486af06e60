import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminRole, Role } from '../../domain/role';
import { TestClient } from '../helpers/client';
import { setUpApp, withMember, type AppSetup, type Member } from '../helpers/setup';

let c: AppSetup & { user: Member };

beforeEach(async () => {
  c = await withMember(await setUpApp());
});
afterEach(async () => {
  await c.close();
});

async function createRole(fields: Record<string, unknown>): Promise<Role> {
  const created = await c.admin.put('/api/role', fields);
  expect(created.statusCode, created.body).toBe(200);
  return created.json<Role>();
}

async function giveMemberRole(roleId: number): Promise<void> {
  const assigned = await c.admin.post(`/api/user/${c.user.userId}`, { roleId });
  expect(assigned.statusCode, assigned.body).toBe(200);
}

const defaultRoleId = async (): Promise<number> =>
  (await c.admin.get('/api/settings')).json<{ defaultRoleId: number }>().defaultRoleId;

describe('GET /api/role', () => {
  it('lists the seeded roles with their defaults to signed-in users', async () => {
    const response = await c.user.get('/api/role');
    expect(response.statusCode).toBe(200);
    const roles = response.json<Array<Record<string, unknown>>>();
    expect(roles.map((r) => r.roleName)).toEqual(['Member', 'Administrator']);
    expect(roles[0]).toMatchObject({
      roleEnableBrowse: true,
      roleCanUpload: false,
      roleDownloadLimit: 50,
      roleRequestLimit: 5,
      roleSpeedLimit: null,
      roleBlacklistedTags: [],
    });
    expect(roles[1]).toMatchObject({ roleVip: true, roleDownloadLimit: null });
  });

  it('tells an administrator how many accounts hold each role', async () => {
    const vip = await createRole({ roleName: 'VIP' });
    await giveMemberRole(vip.roleId);
    const roles = (await c.admin.get('/api/role')).json<AdminRole[]>();
    expect(roles.find((r) => r.roleId === vip.roleId)?.roleUserCount).toBe(1);
    expect(roles.find((r) => r.roleName === 'Administrator')?.roleUserCount).toBe(1);
    expect(roles.find((r) => r.roleName === 'Member')?.roleUserCount).toBe(0);
  });

  it('keeps the counts from members, who get the plain role shape', async () => {
    const roles = (await c.user.get('/api/role')).json<Array<Record<string, unknown>>>();
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) expect(role).not.toHaveProperty('roleUserCount');
  });
});

describe('PUT /api/role', () => {
  it('answers the new role, with browsing on unless told', async () => {
    const role = await createRole({ roleName: 'VIP', roleVip: true, roleDownloadLimit: 500 });
    expect(role).toMatchObject({ roleVip: true, roleEnableBrowse: true, roleDownloadLimit: 500 });
  });

  it('stores every flag and limit and lists the role', async () => {
    const input = {
      roleName: 'Uploader',
      roleSpeedLimit: 256000,
      roleDownloadLimit: null,
      roleRequestLimit: 3,
      roleCanUpload: true,
      roleTranscode: true,
      roleVip: true,
      roleDownloadPaid: true,
      roleEnableBrowse: false,
      roleEnableRequests: false,
      roleEnableStore: false,
      roleBlacklistedTags: ['Club'],
    };
    const role = await createRole(input);
    const listed = (await c.admin.get('/api/role')).json<Role[]>();
    expect(listed.find((r) => r.roleId === role.roleId)).toMatchObject(input);
  });

  it('refuses bad input with the field named and creates nothing', async () => {
    const before = (await c.admin.get('/api/role')).json<Role[]>().length;
    for (const [body, field] of [
      [{ roleName: '' }, 'roleName'],
      [{ roleName: 'X', roleSpeedLimit: -1 }, 'roleSpeedLimit'],
      [{ roleName: 'X', roleVip: 'yes' }, 'roleVip'],
      [{ roleName: 'X', roleBlacklistedTags: [1] }, 'roleBlacklistedTags'],
    ] as const) {
      const response = await c.admin.put('/api/role', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
    }
    expect((await c.admin.get('/api/role')).json<Role[]>()).toHaveLength(before);
  });
});

describe('POST /api/role/{id}', () => {
  it('answers the edited role, keeping what was not sent', async () => {
    const role = await createRole({ roleName: 'VIP', roleVip: true });
    const edited = await c.admin.post(`/api/role/${role.roleId}`, { roleSpeedLimit: 128000 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ roleSpeedLimit: 128000, roleName: 'VIP', roleVip: true });
  });

  it('answers 404 for a role that does not exist and 400 for a bad id', async () => {
    expect((await c.admin.post('/api/role/9999', { roleVip: true })).statusCode).toBe(404);
    expect((await c.admin.post('/api/role/abc', { roleVip: true })).statusCode).toBe(400);
  });

  it("takes effect on the holder's next request, with no sign-out", async () => {
    const role = await createRole({ roleName: 'Listener', roleEnableBrowse: true });
    await giveMemberRole(role.roleId);
    expect((await c.user.get('/api/homepage')).statusCode).toBe(200);

    await c.admin.post(`/api/role/${role.roleId}`, {
      roleEnableBrowse: false,
      roleSpeedLimit: 64000,
    });
    expect((await c.user.get('/api/homepage')).statusCode).toBe(403);
    const me = (await c.user.get('/api/user')).json<{ role: Role }>();
    expect(me.role).toMatchObject({ roleId: role.roleId, roleSpeedLimit: 64000 });

    await c.admin.post(`/api/role/${role.roleId}`, { roleEnableBrowse: true });
    expect((await c.user.get('/api/homepage')).statusCode).toBe(200);
  });
});

describe('DELETE /api/role/{id}', () => {
  it('moves the holders to the default role and says how many', async () => {
    const role = await createRole({ roleName: 'Temporary' });
    await giveMemberRole(role.roleId);
    const response = await c.admin.delete(`/api/role/${role.roleId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, movedUsers: 1 });
    const me = (await c.user.get('/api/user')).json<{ role: Role }>();
    expect(me.role.roleId).toBe(await defaultRoleId());
    const listed = (await c.admin.get('/api/role')).json<Role[]>();
    expect(listed.some((r) => r.roleId === role.roleId)).toBe(false);
  });

  it('refuses the default role and an unknown one, changing nothing', async () => {
    const id = await defaultRoleId();
    const refused = await c.admin.delete(`/api/role/${id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toContain('default role');
    expect((await c.admin.delete('/api/role/9999')).statusCode).toBe(404);
    const listed = (await c.admin.get('/api/role')).json<Role[]>();
    expect(listed.some((r) => r.roleId === id)).toBe(true);
  });
});

describe('role management permissions', () => {
  it('refuses members and anonymous callers, changing nothing', async () => {
    const role = await createRole({ roleName: 'Guarded' });
    const anonymous = new TestClient(c.t.app);
    for (const client of [c.user, anonymous]) {
      const expected = client === anonymous ? 401 : 403;
      expect((await client.put('/api/role', { roleName: 'Mine' })).statusCode).toBe(expected);
      expect((await client.post(`/api/role/${role.roleId}`, { roleVip: true })).statusCode).toBe(
        expected,
      );
      expect((await client.delete(`/api/role/${role.roleId}`)).statusCode).toBe(expected);
    }
    expect((await anonymous.get('/api/role')).statusCode).toBe(401);
    const listed = (await c.admin.get('/api/role')).json<Role[]>();
    expect(listed.find((r) => r.roleId === role.roleId)).toMatchObject({ roleVip: false });
    expect(listed.some((r) => r.roleName === 'Mine')).toBe(false);
  });
});
