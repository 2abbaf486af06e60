import { buildRepositories } from '../../server/root/repositories';
import type { TestApp } from './test-app';

/**
 * A collection with no files, made the way the import makes one (comment group included): enough
 * for lists of cards, comments and requests. Names must differ within a test app.
 */
export async function addCollection(
  t: TestApp,
  name: string,
  options: { hidden?: boolean; price?: number | null } = {},
): Promise<number> {
  const repo = buildRepositories(t.db, t.config.database.kind).catalogueWrite;
  const id = await repo.createCollection({
    name,
    folder: name,
    importKey: name.toLowerCase(),
    imageHash: null,
  });
  if (options.hidden || options.price !== undefined) {
    await repo.updateStoreFields(id, {
      price: options.price ?? null,
      hidden: options.hidden ?? false,
      description: '',
    });
  }
  return id;
}

/** Records that the user owns the collection since `at`. */
export async function unlockCollection(
  t: TestApp,
  userId: number,
  collectionId: number,
  at = new Date().toISOString(),
): Promise<void> {
  await t.db
    .insertInto('unlocked_collections')
    .values({ user_id: userId, collection_id: collectionId, transcode: 0, created_at: at })
    .execute();
}
