import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserWithRoleSchema } from '../../domain/user';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { type Member, registerMembers, setUpApp } from '../helpers/setup';

const PRIVATE = [
  'userEmail',
  'emailConfirmed',
  'emailMarketing',
  'remainingDownloads',
  'remainingRequests',
  'remainingInvites',
  'userBalance',
  'lastLoginIp',
  'registerIp',
];

let t: TestApp;
let alice: Member;
let admin: TestClient;
let bobId: number;
let aliceId: number;

beforeAll(async () => {
  ({ t, admin } = await setUpApp());
  let bob: Member;
  [alice, bob] = await registerMembers(t, ['alice', 'bobby']);
  aliceId = alice.userId;
  bobId = bob.userId;
  // Give bob values worth hiding.
  const set = await admin.post(`/api/user/${bobId}`, { userBalance: 12_345, remainingInvites: 3 });
  expect(set.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const userOf = async (client: TestClient, id: number) => {
  const response = await client.get(`/api/user/${id}`);
  expect(response.statusCode).toBe(200);
  const body = response.json<{ user: Record<string, unknown> }>();
  expect(UserWithRoleSchema.safeParse(body).success).toBe(true);
  return body.user;
};

describe('GET /api/user/{id}: e-mail details, limits and balance', () => {
  it("are left out of another user's profile", async () => {
    const bob = await userOf(alice, bobId);
    expect(bob.userName).toBe('bobby');
    for (const key of PRIVATE) expect(bob).not.toHaveProperty(key);
  });

  it('are shown to the user themself', async () => {
    const me = await userOf(alice, aliceId);
    for (const key of PRIVATE) expect(me).toHaveProperty(key);
  });

  it('are shown to administrators', async () => {
    const bob = await userOf(admin, bobId);
    for (const key of PRIVATE) expect(bob).toHaveProperty(key);
    expect(bob.userBalance).toBe(12_345);
    expect(bob.remainingInvites).toBe(3);
  });
});
