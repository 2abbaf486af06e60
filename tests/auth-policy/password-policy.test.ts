import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { errorOf, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

/** ASVS 2.1 on every call where someone chooses a password; signing in stays as it was. */
let t: TestApp;
let admin: TestClient;

beforeEach(async () => {
  ({ t, admin } = await setUpApp());
});
afterEach(async () => {
  await t.close();
});

const countUsers = async (): Promise<number> =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe('POST /api/register', () => {
  it.each([
    ['a short password', 'abc1234', 'password must be at least 8 characters'],
    ['a common password', 'baseball', 'one of the most common'],
    ['a common password in capitals', 'Password1', 'one of the most common'],
    ['the username itself', 'carol-the-listener', 'must not be your username'],
  ])('refuses %s and creates nothing', async (_, password, message) => {
    const before = await countUsers();
    const response = await new TestClient(t.app).register({
      username: 'carol-the-listener',
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it('takes an uncommon password of 8 characters, which then signs in', async () => {
    const client = new TestClient(t.app);
    expect((await client.register({ username: 'dora', password: 'tuba-7-x' })).statusCode).toBe(
      200,
    );
    await new TestClient(t.app).login('dora', 'tuba-7-x');
  });
});

describe('PUT /api/reset_password', () => {
  async function resetCode(email: string): Promise<string> {
    const r = await admin.post('/api/reset_password', { email, noEmail: true });
    expect(r.statusCode).toBe(200);
    return r.json<{ passwordResetRequestCode: string }>().passwordResetRequestCode;
  }

  it('refuses a common new password, keeps the old one and leaves the code usable', async () => {
    expect((await new TestClient(t.app).register({ username: 'erin' })).statusCode).toBe(200);
    const code = await resetCode('erin@example.com');
    const refused = await new TestClient(t.app).put('/api/reset_password', {
      code,
      password: 'superman',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toContain('one of the most common');
    await new TestClient(t.app).login('erin', 'password-123');

    const short = await new TestClient(t.app).put('/api/reset_password', { code, password: 'x1' });
    expect(short.statusCode).toBe(400);

    const ok = await new TestClient(t.app).put('/api/reset_password', {
      code,
      password: 'quiet-oboe-42',
    });
    expect(ok.statusCode).toBe(200);
    await new TestClient(t.app).login('erin', 'quiet-oboe-42');
  });

  it('tells a made-up code apart before judging the password', async () => {
    const response = await new TestClient(t.app).put('/api/reset_password', {
      code: 'made-up-code',
      password: 'superman',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toContain('invalid or has expired');
  });
});

describe('POST /api/user/password', () => {
  it('refuses a short or common new password and keeps the old one', async () => {
    const client = new TestClient(t.app);
    expect((await client.register({ username: 'frank' })).statusCode).toBe(200);
    for (const newPassword of ['short', 'football', 'FRANK@example.com']) {
      const response = await client.post('/api/user/password', {
        currentPassword: 'password-123',
        newPassword,
      });
      expect(response.statusCode).toBe(400);
    }
    await new TestClient(t.app).login('frank', 'password-123');
    const ok = await client.post('/api/user/password', {
      currentPassword: 'password-123',
      newPassword: 'violin-case-9',
    });
    expect(ok.statusCode).toBe(200);
    await new TestClient(t.app).login('frank', 'violin-case-9');
  });
});

describe('POST /api/login', () => {
  it('still takes a short password set before the rules (here, seeded directly)', async () => {
    const client = new TestClient(t.app);
    expect((await client.register({ username: 'gwen' })).statusCode).toBe(200);
    const { hashPassword } = await import('../../server/security/passwords');
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('abc') })
      .where('user_name', '=', 'gwen')
      .execute();
    await new TestClient(t.app).login('gwen', 'abc');
  });
});
