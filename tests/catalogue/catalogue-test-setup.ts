import type { Collection } from '../../domain/collection';
import { createCatalogueFixture, type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

export interface CatalogueTestContext {
  t: TestApp;
  fixture: CatalogueFixture;
  admin: TestClient;
  user: TestClient;
  userId: number;
}

/** A test app with the ffmpeg fixture library, a signed-in administrator and a member. */
export async function setUpCatalogue(): Promise<CatalogueTestContext> {
  const t = await createTestApp();
  const fixture = await createCatalogueFixture(t);
  const admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  const user = new TestClient(t.app);
  const registered = await user.register({ username: 'member' });
  const userId = registered.json<{ user: { userId: number } }>().user.userId;
  return { t, fixture, admin, user, userId };
}

export async function tearDownCatalogue(context: CatalogueTestContext | undefined): Promise<void> {
  await context?.fixture.cleanup();
  await context?.t.close();
}

/** Registers a member and gives them a new role made by the administrator through the API. */
export async function memberWithRole(
  context: CatalogueTestContext,
  username: string,
  role: Record<string, unknown>,
): Promise<TestClient> {
  const created = await context.admin.put('/api/role', { roleName: `${username} role`, ...role });
  if (created.statusCode !== 200) throw new Error(`role: ${created.statusCode} ${created.body}`);
  const client = new TestClient(context.t.app);
  const registered = await client.register({ username });
  const id = registered.json<{ user: { userId: number } }>().user.userId;
  const assigned = await context.admin.post(`/api/user/${id}`, {
    roleId: created.json<{ roleId: number }>().roleId,
  });
  if (assigned.statusCode !== 200)
    throw new Error(`assign: ${assigned.statusCode} ${assigned.body}`);
  return client;
}

export const idsOf = (collections: Collection[]): number[] =>
  collections.map((c) => c.collectionId);
