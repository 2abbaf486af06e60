import SubsonicAPI from 'subsonic-api';
import type { TestClient } from './client';
import {
  memberWithRole,
  registerMember,
  setUpLibrary,
  type LibrarySetup,
  type Member,
} from './setup';
import type { TestAppOptions } from './test-app';

/**
 * /rest through the third-party `subsonic-api` client against a real listening app, signed in
 * with app passwords made by the real `PUT /api/user/app_password`.
 */

/** An app signed in as one user: by API key, and by token (u + t + s) with the same password. */
export interface SubsonicUser {
  userName: string;
  password: string;
  /** apiKey authentication (OpenSubsonic apiKeyAuthentication). */
  api: SubsonicAPI;
  /** Token authentication: t = md5(password + s), a new salt per request. */
  tokenApi: SubsonicAPI;
  /** The same user's API key client sending form POSTs (formPost extension). */
  postApi: SubsonicAPI;
}

export interface SubsonicSetup extends LibrarySetup {
  /** The listening app's base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** A registered member (default role) and their Subsonic clients. */
  user: Member;
  member: SubsonicUser;
  /** The administrator's Subsonic clients. */
  adminApi: SubsonicUser;
}

/** Creates an app password for a signed-in web client; answers the password shown once. */
export async function createAppPassword(client: TestClient, name = 'phone'): Promise<string> {
  const response = await client.put('/api/user/app_password', { name });
  if (response.statusCode !== 200)
    throw new Error(`app password: ${response.statusCode} ${response.body}`);
  return response.json<{ password: string }>().password;
}

/** The Subsonic clients of a user with this app password. */
export function subsonicClients(url: string, userName: string, password: string): SubsonicUser {
  return {
    userName,
    password,
    api: new SubsonicAPI({ url, auth: { apiKey: password } }),
    tokenApi: new SubsonicAPI({ url, auth: { username: userName, password } }),
    postApi: new SubsonicAPI({ url, auth: { apiKey: password }, post: true }),
  };
}

/** Signs a web client into /rest: a new app password, and its clients. */
export async function subsonicFor(
  url: string,
  client: TestClient,
  userName: string,
): Promise<SubsonicUser> {
  return subsonicClients(url, userName, await createAppPassword(client));
}

/** The listening address of an app built by createTestApp (listens on first use). */
export async function listen(setup: LibrarySetup): Promise<string> {
  const address = setup.t.app.server.address();
  if (address !== null && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await setup.t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = setup.t.app.server.address();
  if (bound === null || typeof bound !== 'object') throw new Error('the app is not listening');
  return `http://127.0.0.1:${bound.port}`;
}

/**
 * The fixture library (tests/helpers/catalogue-fixture.ts: free, paid, single and a hidden
 * collection) on a listening app, a member and the administrator with app passwords.
 */
export async function setUpSubsonic(options: TestAppOptions = {}): Promise<SubsonicSetup> {
  const library = await setUpLibrary(options);
  const url = await listen(library);
  const user = await registerMember(library.t, 'member');
  return {
    ...library,
    url,
    user,
    member: await subsonicFor(url, user, user.userName),
    adminApi: await subsonicFor(url, library.admin, 'admin'),
  };
}

/** A member on a role of their own (blacklisted tags, no browse right...) with clients. */
export async function subsonicMemberWithRole(
  setup: SubsonicSetup,
  role: Parameters<typeof memberWithRole>[1],
): Promise<SubsonicUser & { member: Member }> {
  const member = await memberWithRole(setup.t, role);
  return { ...(await subsonicFor(setup.url, member, member.userName)), member };
}

/** The Subsonic error code of a failed answer (undefined when it succeeded). */
export const codeOf = (answer: unknown): number | undefined =>
  (answer as { error?: { code: number } }).error?.code;

/** The Subsonic id (`ar-N`) of the artist of this name. */
export async function artistRefOf(setup: LibrarySetup, name: string): Promise<string> {
  const row = await setup.t.db
    .selectFrom('artists')
    .select('artist_id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return `ar-${row.artist_id}`;
}
