import { describe, expect, it } from 'vitest';
import { RoleSchema } from '../../domain/role';
import { perFile } from '../helpers/setup';
import { setUpPodcasts } from './podcast-setup';

/** The role right "podcasts" (issue 49) as the admin role form sets it. */
const s = perFile(setUpPodcasts);

describe('the podcasts role right', () => {
  it('is kept as sent when a role is created and edited, and decides GET /api/podcast', async () => {
    const created = await s.admin.put('/api/role', {
      roleName: 'No podcasts',
      rolePodcasts: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const role = RoleSchema.parse(created.json());
    expect(role.rolePodcasts).toBe(false);
    const member = await s.newMember('nopodcasts');
    const moved = await s.admin.post(`/api/user/${member.userId}`, { roleId: role.roleId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await member.get('/api/podcast')).statusCode).toBe(403);

    const edited = await s.admin.post(`/api/role/${role.roleId}`, { rolePodcasts: true });
    expect(RoleSchema.parse(edited.json()).rolePodcasts).toBe(true);
    expect((await member.get('/api/podcast')).statusCode).toBe(200);
    // Left out, a new role has the right, like the default member role.
    const plain = await s.admin.put('/api/role', { roleName: 'Plain' });
    expect(RoleSchema.parse(plain.json()).rolePodcasts).toBe(true);
  });
});
