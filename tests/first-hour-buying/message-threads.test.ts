import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Correspondent, ThreadPage } from '../../domain/message-threads';
import { TestClient } from '../helpers/client';
import { adminId, registerMembers, setUpApp, type Member } from '../helpers/setup';
import { type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestClient;
let ada: Member;
let ben: Member;
let cleo: Member;

beforeAll(async () => {
  ({ t, admin } = await setUpApp());
  [ada, ben, cleo] = await registerMembers(t, ['ada_threads', 'ben_threads', 'cleo_threads']);
});
afterAll(() => t.close());

async function send(from: TestClient, to: number, title: string, body = 'hello') {
  const response = await from.post(`/api/user/${to}/dm`, { title, body });
  expect(response.statusCode, response.body).toBe(200);
}
const conversations = async (client: TestClient) => {
  const response = await client.get('/api/messages/conversations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Conversation[]>();
};
const thread = async (client: TestClient, otherId: number, query = '') => {
  const response = await client.get(`/api/messages/conversations/${otherId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ThreadPage>();
};

describe('GET /api/messages/conversations/{userId}', () => {
  it('shows both sides in the order they were written', async () => {
    await send(ada, ben.userId, 'Hi Ben', 'first');
    await send(ben, ada.userId, 'Re: Hi Ben', 'second');
    await send(ada, ben.userId, 'Re: Hi Ben', 'third');
    const page = await thread(ada, ben.userId);
    expect(page.user).toEqual({ userId: ben.userId, userName: 'ben_threads', isAdmin: false });
    expect(page.messages.map((m) => [m.body, m.fromMe])).toEqual([
      ['first', true],
      ['second', false],
      ['third', true],
    ]);
    expect(page.nextBefore).toBeNull();
    const other = await thread(ben, ada.userId);
    expect(other.messages.map((m) => [m.body, m.fromMe])).toEqual([
      ['first', false],
      ['second', true],
      ['third', false],
    ]);
  });

  it('pages from the newest back with nextBefore', async () => {
    const first = await thread(ada, ben.userId, '?limit=2');
    expect(first.messages.map((m) => m.body)).toEqual(['second', 'third']);
    expect(first.nextBefore).toBe(first.messages[0]?.dmId);
    const older = await thread(ada, ben.userId, `?limit=2&before=${first.nextBefore}`);
    expect(older.messages.map((m) => m.body)).toEqual(['first']);
    expect(older.nextBefore).toBeNull();
  });

  it('never shows a third person the conversation', async () => {
    const page = await thread(cleo, ben.userId);
    expect(page.messages).toEqual([]);
  });

  it('answers 404 for an unknown user, 400 for oneself and bad paging', async () => {
    expect((await ada.get('/api/messages/conversations/999999')).statusCode).toBe(404);
    expect((await ada.get(`/api/messages/conversations/${ada.userId}`)).statusCode).toBe(400);
    const tooMany = await ada.get(`/api/messages/conversations/${ben.userId}?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/messages/conversations')).statusCode).toBe(401);
  });
});

describe('GET /api/messages/conversations', () => {
  it('lists one row per correspondent with the latest message and unread counts', async () => {
    await send(cleo, ben.userId, 'From Cleo', 'hey');
    const bens = await conversations(ben);
    expect(bens.map((c) => [c.userName, c.lastTitle, c.lastFromMe, c.unread])).toEqual([
      ['cleo_threads', 'From Cleo', false, 1],
      ['ada_threads', 'Re: Hi Ben', false, 2],
    ]);
    const adas = await conversations(ada);
    expect(adas).toHaveLength(1);
    expect(adas[0]).toMatchObject({ userId: ben.userId, lastFromMe: true, unread: 1 });
  });

  it('PUT .../read marks what the correspondent sent, and the inbox counter drops', async () => {
    const before = (await ben.get('/api/user/dm/unread')).json<{ count: number }>().count;
    const marked = await ben.put(`/api/messages/conversations/${ada.userId}/read`, {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ marked: 2 });
    const after = (await ben.get('/api/user/dm/unread')).json<{ count: number }>().count;
    expect(after).toBe(before - 2);
    const bens = await conversations(ben);
    expect(bens.find((c) => c.userId === ada.userId)?.unread).toBe(0);
    expect(bens.find((c) => c.userId === cleo.userId)?.unread).toBe(1);
    // Marking does not touch what Ben sent Ada.
    expect((await conversations(ada))[0]?.unread).toBe(1);
  });
});

describe('GET /api/messages/recipients', () => {
  it('finds administrators first, never oneself, by part of a name', async () => {
    const all = (await ada.get('/api/messages/recipients')).json<Correspondent[]>();
    expect(all[0]).toMatchObject({ userId: await adminId(t), isAdmin: true });
    expect(all.some((u) => u.userId === ada.userId)).toBe(false);
    const found = (await ada.get('/api/messages/recipients?q=BEN_')).json<Correspondent[]>();
    expect(found).toEqual([{ userId: ben.userId, userName: 'ben_threads', isAdmin: false }]);
    expect(JSON.stringify(all)).not.toContain('@');
  });

  it('matches LIKE wildcards literally and leaves banned users out', async () => {
    const percent = (await ada.get('/api/messages/recipients?q=%25')).json<Correspondent[]>();
    expect(percent).toEqual([]);
    await t.db
      .updateTable('users')
      .set({ is_banned: 1 })
      .where('user_id', '=', cleo.userId)
      .execute();
    const found = (await ada.get('/api/messages/recipients?q=cleo')).json<Correspondent[]>();
    expect(found).toEqual([]);
    await t.db
      .updateTable('users')
      .set({ is_banned: 0 })
      .where('user_id', '=', cleo.userId)
      .execute();
  });

  it('refuses an overlong query', async () => {
    const response = await ada.get(`/api/messages/recipients?q=${'a'.repeat(65)}`);
    expect(response.statusCode).toBe(400);
    expect((await admin.get('/api/messages/recipients?q=ada')).statusCode).toBe(200);
  });
});
