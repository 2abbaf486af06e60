import { parseBuffer } from 'music-metadata';
import type { Insertable } from 'kysely';
import type { RolesTable } from '../../server/db/tables';
import { createCatalogueFixture, type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

export interface MediaSetup {
  t: TestApp;
  fx: CatalogueFixture;
  admin: TestClient;
  close(): Promise<void>;
}

/** A test app with the fixture library and a signed-in admin. */
export async function mediaSetup(): Promise<MediaSetup> {
  const t = await createTestApp();
  const fx = await createCatalogueFixture(t);
  const admin = new TestClient(t.app);
  await admin.login(ADMIN.username, ADMIN.password);
  return {
    t,
    fx,
    admin,
    async close() {
      await t.close();
      await fx.cleanup();
    },
  };
}

const BASE_ROLE: Insertable<RolesTable> = {
  role_name: 'x',
  speed_limit: null,
  download_limit: 10,
  request_limit: 5,
  can_upload: 0,
  transcode: 0,
  vip: 0,
  download_paid: 0,
  enable_browse: 1,
  enable_requests: 1,
  enable_store: 1,
  blacklisted_tags: '[]',
};

let userCount = 0;

/** Registers a user on a role of its own with these columns; answers the signed-in client. */
export async function userWithRole(
  t: TestApp,
  role: Partial<Insertable<RolesTable>> = {},
  remainingDownloads: number | null = role.download_limit === undefined ? 10 : role.download_limit,
): Promise<TestClient & { userId: number; roleId: number }> {
  userCount += 1;
  const name = `listener${userCount}${Math.random().toString(36).slice(2, 6)}`;
  const client = new TestClient(t.app);
  client.remoteAddress = `10.1.${Math.floor(userCount / 200)}.${userCount % 200}`;
  const registered = await client.register({ username: name });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const created = await t.db
    .insertInto('roles')
    .values({ ...BASE_ROLE, ...role, role_name: `${name}-role` })
    .returning('role_id')
    .executeTakeFirstOrThrow();
  const user = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('user_name', '=', name)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('users')
    .set({ role_id: created.role_id, remaining_downloads: remainingDownloads })
    .where('user_id', '=', user.user_id)
    .execute();
  return Object.assign(client, { userId: user.user_id, roleId: created.role_id });
}

export interface FixtureFile {
  fileId: number;
  path: string;
  relativePath: string;
  format: string | null;
}

/** The collection's files, audio first in track order. */
export async function filesOf(t: TestApp, collectionId: number): Promise<FixtureFile[]> {
  const rows = await t.db
    .selectFrom('files')
    .leftJoin('audio', 'audio.file_id', 'files.file_id')
    .select(['files.file_id', 'files.path', 'files.relative_path', 'audio.format'])
    .where('files.collection_id', '=', collectionId)
    .orderBy('files.relative_path')
    .execute();
  return rows.map((r) => ({
    fileId: r.file_id,
    path: r.path,
    relativePath: r.relative_path,
    format: r.format,
  }));
}

export async function audioFile(
  t: TestApp,
  collectionId: number,
  format?: string,
): Promise<FixtureFile> {
  const file = (await filesOf(t, collectionId)).find(
    (f) => f.format !== null && (format === undefined || f.format === format),
  );
  if (!file) throw new Error(`no ${format ?? 'audio'} file in collection ${collectionId}`);
  return file;
}

export const parseAudio = (body: Buffer, mimeType?: string) =>
  parseBuffer(new Uint8Array(body), mimeType ? { mimeType } : undefined, { duration: true });
