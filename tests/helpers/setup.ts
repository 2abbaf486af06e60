import type { Insertable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { RolesTable } from '../../server/db/tables';
import { BASE_ROLE } from './base-role';
import { createCatalogueFixture, type CatalogueFixture } from './catalogue-fixture';
import { TestClient } from './client';
import { ADMIN, createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The pieces every integration test starts from: an app, its administrator, registered members,
 * members on roles of their own. Each piece is small; a test file composes the ones it needs.
 */

/** A signed-in client that knows its own user. */
export type Member = TestClient & { userId: number; userName: string };

/** A member on a role of its own. */
export type RoleMember = Member & { roleId: number };

/** A real app with the seeded administrator signed in. */
export interface AppSetup {
  t: TestApp;
  admin: TestClient;
  close(): Promise<void>;
}

/** An app with the ffmpeg-made fixture library imported (see catalogue-fixture.ts). */
export interface LibrarySetup extends AppSetup {
  fx: CatalogueFixture;
}

/** The `{error}` body of a refused call. */
export const errorOf = (response: { json: <T>() => T }): string =>
  response.json<{ error: string }>().error;

/** The user id in the answer to a register or login. */
export const userIdOf = (response: { json: <T>() => T }): number =>
  response.json<{ user: { userId: number } }>().user.userId;

export async function signInAdmin(t: TestApp): Promise<TestClient> {
  const admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  return admin;
}

export async function setUpApp(options: TestAppOptions = {}): Promise<AppSetup> {
  const t = await createTestApp(options);
  return { t, admin: await signInAdmin(t), close: () => t.close() };
}

export async function setUpLibrary(options: TestAppOptions = {}): Promise<LibrarySetup> {
  const app = await setUpApp(options);
  const fx = await createCatalogueFixture(app.t);
  return {
    ...app,
    fx,
    async close() {
      await app.close();
      await fx.cleanup();
    },
  };
}

/**
 * One setup for all the tests of a file: made before the first, closed after the last. Answers
 * the object the tests use; its fields are there once the file's tests start.
 */
export function perFile<S extends { close(): Promise<void> }>(
  setUp: () => Promise<S>,
  timeout = 120_000,
): S {
  const setup = {} as S;
  beforeAll(async () => {
    Object.assign(setup, await setUp());
  }, timeout);
  // Closing waits for the app's background work to stop between files (a job queue's running
  // job, a transcode's upload to the bucket); on a loaded machine that outlasted the default
  // 30 s once (the S3 step, every test of the file passed), so it gets the setup's time.
  afterAll(async () => {
    // Nothing to close when the setup itself failed.
    await (setup as Partial<S>).close?.();
  }, timeout);
  return setup;
}

/** Adds two registered members: alice, and bob (user name "bobby"). */
export async function withAliceAndBob<S extends AppSetup>(
  setup: S,
): Promise<S & { alice: Member; bob: Member }> {
  const [alice, bob] = await registerMembers(setup.t, ['alice', 'bobby']);
  return { ...setup, alice, bob };
}

/** Adds a registered member as `user` (the caller most tests act as). */
export async function withMember<S extends AppSetup>(
  setup: S,
  userName = 'member',
): Promise<S & { user: Member }> {
  return { ...setup, user: await registerMember(setup.t, userName) };
}

let registered = 0;

/**
 * Registers and signs in a user. Each gets an address of its own unless told, as the app limits
 * registrations per address; `confirmed` marks the e-mail confirmed.
 */
export async function registerMember(
  t: TestApp,
  userName: string,
  options: { address?: string; confirmed?: boolean; email?: string } = {},
): Promise<Member> {
  registered += 1;
  const client = new TestClient(t.app);
  client.remoteAddress =
    options.address ?? `10.77.${Math.floor(registered / 250)}.${(registered % 250) + 1}`;
  const response = await client.register({
    username: userName,
    ...(options.email !== undefined ? { email: options.email } : {}),
  });
  if (response.statusCode !== 200) {
    throw new Error(`registering ${userName} failed: ${response.statusCode} ${response.body}`);
  }
  const userId = userIdOf(response);
  if (options.confirmed) await confirmEmail(t, userId);
  return Object.assign(client, { userId, userName });
}

/** Registers these users one after another, so their ids come in this order. */
export async function registerMembers<const Names extends readonly string[]>(
  t: TestApp,
  userNames: Names,
  options: { confirmed?: boolean } = {},
): Promise<{ [K in keyof Names]: Member }> {
  const members: Member[] = [];
  for (const userName of userNames) members.push(await registerMember(t, userName, options));
  return members as { [K in keyof Names]: Member };
}

export async function confirmEmail(t: TestApp, userId: number, confirmed = true): Promise<void> {
  await t.db
    .updateTable('users')
    .set({ email_confirmed: confirmed ? 1 : 0 })
    .where('user_id', '=', userId)
    .execute();
}

let roleMembers = 0;

/**
 * Registers a user on a role of its own with these columns, written to the database (for rules
 * the role API does not reach, or many roles fast). Downloads left default to the role's limit.
 */
export async function memberWithRole(
  t: TestApp,
  role: Partial<Insertable<RolesTable>> = {},
  options: { remainingDownloads?: number | null; confirmed?: boolean } = {},
): Promise<RoleMember> {
  roleMembers += 1;
  const name = `listener${roleMembers}${Math.random().toString(36).slice(2, 6)}`;
  const member = await registerMember(t, name, { confirmed: options.confirmed ?? false });
  const created = await t.db
    .insertInto('roles')
    .values({ ...BASE_ROLE, ...role, role_name: `${name}-role` })
    .returning('role_id')
    .executeTakeFirstOrThrow();
  const remainingDownloads =
    options.remainingDownloads !== undefined
      ? options.remainingDownloads
      : role.download_limit === undefined
        ? 10
        : role.download_limit;
  await t.db
    .updateTable('users')
    .set({ role_id: created.role_id, remaining_downloads: remainingDownloads })
    .where('user_id', '=', member.userId)
    .execute();
  return Object.assign(member, { roleId: created.role_id });
}

/** Registers a user and gives them a new role the administrator makes through the role API. */
export async function memberWithApiRole(
  setup: AppSetup,
  userName: string,
  role: Record<string, unknown>,
): Promise<RoleMember> {
  const created = await setup.admin.put('/api/role', { roleName: `${userName} role`, ...role });
  if (created.statusCode !== 200) throw new Error(`role: ${created.statusCode} ${created.body}`);
  const roleId = created.json<{ roleId: number }>().roleId;
  const member = await registerMember(setup.t, userName);
  const assigned = await setup.admin.post(`/api/user/${member.userId}`, { roleId });
  if (assigned.statusCode !== 200) {
    throw new Error(`assign: ${assigned.statusCode} ${assigned.body}`);
  }
  return Object.assign(member, { roleId });
}

export const userRow = (t: TestApp, userId: number) =>
  t.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const adminId = async (t: TestApp): Promise<number> =>
  (
    await t.db
      .selectFrom('users')
      .select('user_id')
      .where('user_name_lower', '=', ADMIN.username)
      .executeTakeFirstOrThrow()
  ).user_id;
