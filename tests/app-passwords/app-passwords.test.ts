import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_PASSWORDS_PER_USER,
  AppPasswordListSchema,
  CreatedAppPasswordSchema,
} from '../../domain/app-password';
import { loadConfig } from '../../server/config';
import { SecretBox, loadSecretKey, SECRET_KEY_FILE } from '../../server/security/secret-box';
import { TestClient } from '../helpers/client';
import { errorOf, perFile, registerMember, setUpApp, withAliceAndBob } from '../helpers/setup';

const c = perFile(async () => withAliceAndBob(await setUpApp()));

const create = async (client: TestClient, name: string) => {
  const response = await client.put('/api/user/app_password', { name });
  expect(response.statusCode, response.body).toBe(200);
  return CreatedAppPasswordSchema.parse(response.json());
};

const list = async (client: TestClient) => {
  const response = await client.get('/api/user/app_password');
  expect(response.statusCode, response.body).toBe(200);
  return AppPasswordListSchema.parse(response.json());
};

const ping = (password: string) =>
  c.t.app.inject({ method: 'GET', url: `/rest/ping?f=json&apiKey=${password}` });

describe('PUT /api/user/app_password', () => {
  it('answers the password once: 24 random characters, listed afterwards without it', async () => {
    const created = await create(c.alice, '  My phone  ');
    expect(created.name).toBe('My phone');
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const other = await create(c.alice, 'Car');
    expect(other.password).not.toBe(created.password);
    const listed = await list(c.alice);
    expect(listed.map((p) => p.name)).toEqual(['My phone', 'Car']);
    expect(listed[0]).toEqual({
      appPasswordId: created.appPasswordId,
      name: 'My phone',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.password);
    // It signs apps in at once.
    expect((await ping(created.password)).json()).toMatchObject({
      'subsonic-response': { status: 'ok' },
    });
  });

  it('refuses an empty or over-long name', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const response = await c.alice.put('/api/user/app_password', { name });
      expect(response.statusCode, name).toBe(400);
      expect(errorOf(response)).toMatch(/^name: /);
    }
    expect((await c.alice.put('/api/user/app_password', {})).statusCode).toBe(400);
  });

  it('needs a session and the XSRF header', async () => {
    expect(
      (await new TestClient(c.t.app).put('/api/user/app_password', { name: 'x' })).statusCode,
    ).toBe(401);
    expect((await new TestClient(c.t.app).get('/api/user/app_password')).statusCode).toBe(401);
    const refused = await c.bob.put('/api/user/app_password', { name: 'x' }, { noXsrf: true });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatch(/XSRF/);
    const removal = await c.bob.delete('/api/user/app_password/1', { noXsrf: true });
    expect(removal.statusCode).toBe(403);
  });

  it(`holds at most ${APP_PASSWORDS_PER_USER} per user, with a message saying what to do`, async () => {
    const member = c.admin;
    const held = (await list(member)).length;
    for (let i = held; i < APP_PASSWORDS_PER_USER; i++) await create(member, `device ${i}`);
    const refused = await member.put('/api/user/app_password', { name: 'one more' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatch(/20 app passwords: revoke one/);
    expect(await list(member)).toHaveLength(APP_PASSWORDS_PER_USER);
    // Others are not limited by it.
    await create(c.bob, 'still fine');
  });

  it('keeps the limit when creations race', async () => {
    const racer = await registerMember(c.t, 'racer');
    const answers = await Promise.all(
      Array.from({ length: APP_PASSWORDS_PER_USER + 5 }, (_, i) =>
        racer.put('/api/user/app_password', { name: `racing ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((code) => code === 200)).toHaveLength(APP_PASSWORDS_PER_USER);
    expect(statuses.filter((code) => code === 409)).toHaveLength(5);
    expect(await list(racer)).toHaveLength(APP_PASSWORDS_PER_USER);
  });

  it('stores no plain password: the row holds it sealed and an HMAC to find it by', async () => {
    const created = await create(c.bob, 'audit');
    const row = await c.t.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('app_password_id', '=', created.appPasswordId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.password);
    expect(row.lookup).toMatch(/^[0-9a-f]{64}$/);
    // The key lives outside the database, in the data folder, readable by the owner only.
    const keyFile = path.join(c.t.config.dataDir, SECRET_KEY_FILE);
    expect((await fs.stat(keyFile)).mode & 0o777).toBe(0o600);
    const box = new SecretBox(await loadSecretKey(c.t.config));
    expect(box.open(row.secret)).toBe(created.password);
    expect(box.lookup(created.password)).toBe(row.lookup);
  });
});

describe('DELETE /api/user/app_password/{appPasswordId}', () => {
  it("revokes one of the caller's own: apps using it are refused at once", async () => {
    const created = await create(c.bob, 'tablet');
    expect((await ping(created.password)).json()).toMatchObject({
      'subsonic-response': { status: 'ok' },
    });
    const removed = await c.bob.delete(`/api/user/app_password/${created.appPasswordId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(c.bob)).map((p) => p.appPasswordId)).not.toContain(created.appPasswordId);
    expect((await ping(created.password)).json()).toMatchObject({
      'subsonic-response': { status: 'failed', error: { code: 44 } },
    });
    expect((await c.bob.delete(`/api/user/app_password/${created.appPasswordId}`)).statusCode).toBe(
      404,
    );
  });

  it("answers someone else's like one that does not exist, and keeps it", async () => {
    const alices = await create(c.alice, 'not yours');
    const refused = await c.bob.delete(`/api/user/app_password/${alices.appPasswordId}`);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused)).toBe('No such app password');
    expect((await list(c.alice)).map((p) => p.appPasswordId)).toContain(alices.appPasswordId);
    expect((await c.bob.delete('/api/user/app_password/999999')).statusCode).toBe(404);
    expect((await c.bob.delete('/api/user/app_password/abc')).statusCode).toBe(400);
  });
});

describe('the secret key', () => {
  it('comes from APP_SECRET_KEY when set (32 bytes in base64), else a refused start', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ APP_SECRET_KEY: key }).appSecretKey?.equals(Buffer.alloc(32, 7))).toBe(
      true,
    );
    expect(() => loadConfig({ APP_SECRET_KEY: 'c2hvcnQ=' })).toThrow(
      /APP_SECRET_KEY must be 32 bytes/,
    );
    expect(loadConfig({}).appSecretKey).toBeNull();
  });

  it('is created once per data folder: processes starting together agree on it', async () => {
    const dataDir = await fs.mkdtemp(path.join(c.t.config.dataDir, 'key-race-'));
    const keys = await Promise.all(
      Array.from({ length: 8 }, () => loadSecretKey({ dataDir, appSecretKey: null })),
    );
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(1);
    expect(keys[0]).toHaveLength(32);
    expect((await loadSecretKey({ dataDir, appSecretKey: null })).equals(keys[0] as Buffer)).toBe(
      true,
    );
  });

  it('refuses a sealed value that was tampered with or sealed under another key', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('secret');
    expect(box.seal('secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('secret');
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() => box.open(bytes.toString('base64url'))).toThrow();
  });
});
