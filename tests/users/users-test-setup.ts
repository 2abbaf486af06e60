import { expect } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, type TestApp } from '../helpers/test-app';

export interface Member {
  client: TestClient;
  id: number;
  name: string;
}

let address = 10;

/** A freshly registered user on their own address (registrations per address are limited). */
export async function member(t: TestApp, name: string): Promise<Member> {
  const client = new TestClient(t.app);
  client.remoteAddress = `10.1.0.${address++}`;
  const response = await client.register({ username: name });
  expect(response.statusCode).toBe(200);
  return { client, id: response.json<{ user: { userId: number } }>().user.userId, name };
}

export async function adminClient(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.login(ADMIN.username, ADMIN.password);
  return client;
}

export const adminId = async (t: TestApp): Promise<number> =>
  (
    await t.db
      .selectFrom('users')
      .select('user_id')
      .where('user_name_lower', '=', ADMIN.username)
      .executeTakeFirstOrThrow()
  ).user_id;

export const userRow = (t: TestApp, id: number) =>
  t.db.selectFrom('users').selectAll().where('user_id', '=', id).executeTakeFirst();

/** A bare collection row: enough for lists of cards. */
export async function collection(t: TestApp, name: string, hidden = false): Promise<number> {
  const row = await t.db
    .insertInto('collections')
    .values({ name, added_at: new Date().toISOString(), hidden: hidden ? 1 : 0 })
    .returning('collection_id')
    .executeTakeFirstOrThrow();
  return row.collection_id;
}

export async function unlock(t: TestApp, userId: number, collectionId: number, at: string) {
  await t.db
    .insertInto('unlocked_collections')
    .values({ user_id: userId, collection_id: collectionId, transcode: 0, created_at: at })
    .execute();
}

/** The `{error}` body of a refused call. */
export const errorOf = (response: { json: <T>() => T }): string =>
  response.json<{ error: string }>().error;
