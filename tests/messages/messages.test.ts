import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DirectMessageSchema, type DirectMessage } from '../../domain/message';
import { TestClient } from '../helpers/client';
import { SmtpSink } from '../helpers/smtp-sink';
import { type TestApp } from '../helpers/test-app';
import { type Member, registerMember, registerMembers, setUpApp } from '../helpers/setup';

const sink = new SmtpSink();
let t: TestApp;
let admin: TestClient;
let alice: Member;
let bob: Member;
let carol: Member;
let aliceId: number;
let bobId: number;

beforeAll(async () => {
  await sink.start();
  ({ t, admin } = await setUpApp({ env: { SMTP_URL: sink.url } }));
  [alice, bob, carol] = await registerMembers(t, ['alice', 'bobby', 'carol']);
  [aliceId, bobId] = [alice.userId, bob.userId];
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const inbox = async (client: TestClient): Promise<DirectMessage[]> => {
  const response = await client.get('/api/user/dm');
  expect(response.statusCode, response.body).toBe(200);
  return z.array(DirectMessageSchema).parse(response.json());
};
const unread = async (client: TestClient): Promise<number> =>
  (await client.get('/api/user/dm/unread')).json<{ count: number }>().count;

async function send(from: TestClient, to: number, title: string, body = 'hello'): Promise<void> {
  const response = await from.post(`/api/user/${to}/dm`, { title, body });
  expect(response.statusCode, response.body).toBe(200);
}

describe('POST /api/user/{id}/dm', () => {
  it("delivers to the recipient's inbox only, with every field", async () => {
    const before = await unread(bob);
    await send(alice, bobId, 'Hi Bob', 'Line one\nhttps://example.com <b>not html</b>');
    expect(await unread(bob)).toBe(before + 1);
    const [latest] = await inbox(bob);
    expect(Object.keys(latest ?? {}).sort()).toEqual(
      ['dmId', 'dmTitle', 'dmBody', 'dmDate', 'dmRead', 'dmFrom', 'userName'].sort(),
    );
    expect(latest).toMatchObject({
      dmTitle: 'Hi Bob',
      dmBody: 'Line one\nhttps://example.com <b>not html</b>',
      dmRead: false,
      dmFrom: aliceId,
      userName: 'alice',
    });
    expect((await inbox(alice)).some((dm) => dm.dmTitle === 'Hi Bob')).toBe(false);
    expect((await inbox(carol)).some((dm) => dm.dmTitle === 'Hi Bob')).toBe(false);
  });

  it('refuses empty or too long titles and bodies, and control characters', async () => {
    for (const body of [
      { title: '', body: 'x' },
      { title: 'x', body: '  ' },
      { title: 'x'.repeat(201), body: 'x' },
      { title: 'x', body: 'x'.repeat(5001) },
      { title: 'x' },
      { title: 'x', body: 'bell\u0007' },
    ]) {
      const response = await alice.post(`/api/user/${bobId}/dm`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('refuses messages to yourself, to unknown and to banned users', async () => {
    const self = await alice.post(`/api/user/${aliceId}/dm`, { title: 'me', body: 'me' });
    expect(self.statusCode).toBe(400);
    expect((await alice.post('/api/user/999999/dm', { title: 'x', body: 'x' })).statusCode).toBe(
      404,
    );
    expect((await alice.post('/api/user/abc/dm', { title: 'x', body: 'x' })).statusCode).toBe(400);
    const { userId: id } = await registerMember(t, 'banned');
    expect((await admin.put(`/api/user/${id}/ban`)).statusCode).toBe(200);
    const banned = await alice.post(`/api/user/${id}/dm`, { title: 'x', body: 'x' });
    expect(banned.statusCode).toBe(403);
    expect((await admin.get('/api/user/dm')).statusCode).toBe(200);
  });

  it('refuses anonymous callers and a missing XSRF header', async () => {
    const anonymous = new TestClient(t.app);
    expect(
      (await anonymous.post(`/api/user/${bobId}/dm`, { title: 'x', body: 'x' })).statusCode,
    ).toBe(401);
    const noXsrf = await alice.post(
      `/api/user/${bobId}/dm`,
      { title: 'x', body: 'x' },
      { noXsrf: true },
    );
    expect(noXsrf.statusCode).toBe(403);
  });

  it('mails a copy when sendDmEmails is on', async () => {
    expect((await admin.post('/api/settings', { sendDmEmails: true })).statusCode).toBe(200);
    try {
      await send(carol, bobId, 'Mailed copy', 'Body of the copy');
      const mail = await sink.waitForMail((m) => m.text.includes('Mailed copy'));
      expect(mail.to).toEqual(['bobby@example.com']);
      expect(mail.text).toContain('Body of the copy');
      expect(mail.text).toContain('http://musicbox.test/dms');
    } finally {
      await admin.post('/api/settings', { sendDmEmails: false });
    }
    const count = sink.mails.length;
    await send(carol, bobId, 'Not mailed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.slice(count).some((m) => m.text.includes('Not mailed'))).toBe(false);
  });

  it('limits how many messages one sender sends in a window', async () => {
    const app = await t.rebuild({ rateLimits: { dmPerSender: { max: 2, windowMs: 600_000 } } });
    const sender = new TestClient(app);
    await sender.register({ username: 'chatty' });
    for (let i = 0; i < 2; i++) {
      const ok = await sender.post(`/api/user/${bobId}/dm`, { title: `n${i}`, body: 'x' });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await sender.post(`/api/user/${bobId}/dm`, { title: 'n3', body: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(/Too many/);
  });
});

describe('GET /api/user/dm', () => {
  it('refuses anonymous callers', async () => {
    expect((await new TestClient(t.app).get('/api/user/dm')).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/user/dm/unread')).statusCode).toBe(401);
  });
});

describe('GET /api/user/dm/unread', () => {
  it('counts only the unread messages to me', async () => {
    const [aliceBefore, bobBefore] = [await unread(alice), await unread(bob)];
    const dm = {
      from_user_id: bobId,
      to_user_id: aliceId,
      title: 'hi',
      body: 'hello',
      created_at: new Date().toISOString(),
    };
    await t.db
      .insertInto('direct_messages')
      .values([
        { ...dm, read: 0 },
        { ...dm, read: 0 },
        { ...dm, read: 1 },
        { ...dm, from_user_id: aliceId, to_user_id: bobId, read: 0 },
      ])
      .execute();
    const response = await alice.get('/api/user/dm/unread');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: aliceBefore + 2 });
    expect(await unread(bob)).toBe(bobBefore + 1);
  });
});

describe('PUT /api/user/dm/{id}/read', () => {
  it('marks one of my messages read; the unread count drops by one', async () => {
    await send(alice, bobId, 'Read me');
    const message = (await inbox(bob)).find((dm) => dm.dmTitle === 'Read me');
    const before = await unread(bob);
    const response = await bob.put(`/api/user/dm/${message?.dmId}/read`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await unread(bob)).toBe(before - 1);
    expect((await inbox(bob)).find((dm) => dm.dmId === message?.dmId)?.dmRead).toBe(true);
  });

  it("refuses another user's message as unknown, and bad ids", async () => {
    await send(alice, bobId, 'Private');
    const message = (await inbox(bob)).find((dm) => dm.dmTitle === 'Private');
    expect((await carol.put(`/api/user/dm/${message?.dmId}/read`)).statusCode).toBe(404);
    expect((await bob.put('/api/user/dm/999999/read')).statusCode).toBe(404);
    expect((await bob.put('/api/user/dm/x/read')).statusCode).toBe(400);
    expect((await new TestClient(t.app).put(`/api/user/dm/${message?.dmId}/read`)).statusCode).toBe(
      401,
    );
    expect((await inbox(bob)).find((dm) => dm.dmId === message?.dmId)?.dmRead).toBe(false);
  });
});

describe('DELETE /api/user/dm/{id}', () => {
  it('deletes one of my messages; others cannot', async () => {
    await send(alice, bobId, 'Delete me');
    const message = (await inbox(bob)).find((dm) => dm.dmTitle === 'Delete me');
    const url = `/api/user/dm/${message?.dmId}`;
    expect((await carol.delete(url)).statusCode).toBe(404);
    expect((await alice.delete(url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).delete(url)).statusCode).toBe(401);
    expect((await bob.delete(url)).statusCode).toBe(200);
    expect((await inbox(bob)).some((dm) => dm.dmId === message?.dmId)).toBe(false);
    expect((await bob.delete(url)).statusCode).toBe(404);
  });

  it('keeps messages of a deleted sender, shown as by a deleted user', async () => {
    const client = await registerMember(t, 'gone-user');
    const id = client.userId;
    await send(client, bobId, 'From a gone user');
    expect((await admin.delete(`/api/user/${id}`)).statusCode).toBe(200);
    const message = (await inbox(bob)).find((dm) => dm.dmTitle === 'From a gone user');
    expect(message).toMatchObject({ dmFrom: null, userName: 'Deleted user' });
  });
});
