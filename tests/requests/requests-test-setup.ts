import { CatalogueWriteRepository } from '../../server/modules/catalogue/catalogue-write.repository';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';

export interface RequestsTestContext {
  t: TestApp;
  admin: TestClient;
  adminId: number;
  /** Confirmed e-mail, Member role, no request limit. */
  user: TestClient;
  userId: number;
  other: TestClient;
  otherId: number;
  /** A visible collection, and one hidden from members. */
  collectionId: number;
  hiddenId: number;
}

const userIdOf = async (client: TestClient): Promise<number> =>
  (await client.get('/api/user')).json<{ user: { userId: number } }>().user.userId;

/** Registers a member and has the administrator confirm their e-mail (or not). */
export async function member(
  t: TestApp,
  admin: TestClient,
  username: string,
  confirmed = true,
): Promise<{ client: TestClient; id: number }> {
  const client = new TestClient(t.app);
  const registered = await client.register({ username });
  const id = registered.json<{ user: { userId: number } }>().user.userId;
  if (confirmed) {
    const done = await admin.post(`/api/user/${id}`, { emailConfirmed: true });
    if (done.statusCode !== 200) throw new Error(`confirm: ${done.statusCode} ${done.body}`);
  }
  return { client, id };
}

export async function setUpRequests(options: TestAppOptions = {}): Promise<RequestsTestContext> {
  const t = await createTestApp(options);
  const admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  const user = await member(t, admin, 'requester');
  const other = await member(t, admin, 'filler');
  // The tests file many requests: these two are unlimited, limits are tested on their own.
  for (const { id } of [user, other]) {
    const done = await admin.post(`/api/user/${id}`, { remainingRequests: null });
    if (done.statusCode !== 200) throw new Error(`unlimited: ${done.statusCode} ${done.body}`);
  }
  const repo = new CatalogueWriteRepository(t.db, t.config.database.kind);
  const make = (name: string) =>
    repo.createCollection({ name, folder: name, importKey: name.toLowerCase(), imageHash: null });
  const collectionId = await make('Found Album');
  const hiddenId = await make('Hidden Album');
  await repo.updateStoreFields(hiddenId, { price: null, hidden: true, description: '' });
  return {
    t,
    admin,
    adminId: await userIdOf(admin),
    user: user.client,
    userId: user.id,
    other: other.client,
    otherId: other.id,
    collectionId,
    hiddenId,
  };
}
