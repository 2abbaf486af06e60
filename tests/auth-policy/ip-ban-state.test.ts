import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

/** The profile offers "Ban IP" or "Unban IP", never both: it asks for the address's state. */
let t: TestApp;
let admin: TestClient;

beforeEach(async () => {
  ({ t, admin } = await setUpApp());
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/ban_ip/{ip}', () => {
  it('answers whether the address is banned, following bans and unbans', async () => {
    const state = async () => (await admin.get('/api/ban_ip/203.0.113.7')).json();
    expect(await state()).toEqual({ ip: '203.0.113.7', banned: false });
    expect((await admin.put('/api/ban_ip', { ip: '203.0.113.7' })).statusCode).toBe(200);
    expect(await state()).toEqual({ ip: '203.0.113.7', banned: true });
    expect((await admin.delete('/api/ban_ip/203.0.113.7')).statusCode).toBe(200);
    expect(await state()).toEqual({ ip: '203.0.113.7', banned: false });
  });

  it('refuses members and anonymous callers, and text that is no address', async () => {
    const member = new TestClient(t.app);
    expect((await member.register({ username: 'nosy' })).statusCode).toBe(200);
    expect((await member.get('/api/ban_ip/203.0.113.7')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/ban_ip/203.0.113.7')).statusCode).toBe(401);
    expect((await admin.get('/api/ban_ip/not-an-ip')).statusCode).toBe(400);
  });
});
