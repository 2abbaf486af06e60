import type { FastifyBaseLogger } from 'fastify';
import type { ImportAnswer } from '../../../domain/library-upload';
import { foldText } from '../../../domain/search-text';
import { importCollectionFolder } from '../../jobs/collection-import';
import { ANNOUNCE_TAG } from '../uploads';
import type { UploadCollection } from './library-upload.repository';
import type { LibraryUploadDeps } from './library-upload.service';
import { runPostActionsOnStored } from './library-upload-post-actions';

/**
 * Reads the tags of a collection the caller may change and builds it. With post,
 * settings.defaultPost runs on the files first and the collection is announced on the
 * homepage's New row (tag "New").
 */
export async function importUploadedCollection(
  deps: LibraryUploadDeps,
  collection: UploadCollection & { folder: string },
  post: boolean,
  log: FastifyBaseLogger,
): Promise<ImportAnswer> {
  const { collectionId } = collection;
  const run = () =>
    importCollectionFolder(deps.media, deps.catalogue, deps.images, collection, deps.files);
  let report = await run();
  if (post) {
    const { defaultPost } = await deps.settings.get();
    if (defaultPost.length > 0) {
      const files = (await deps.media.collectionFiles(collectionId)).map((f) => f.path);
      // On object storage the actions work on copies in the collection's folder (decision 0050).
      await runPostActionsOnStored(
        deps.files,
        files,
        defaultPost,
        {
          log: (line) => log.info({ collectionId }, line),
          meta: { name: collection.name },
          signal: AbortSignal.timeout(60 * 60 * 1000),
        },
        deps.runPostActions,
      );
      // Actions may rename, convert or drop files: the folder is read again.
      const again = await run();
      report = { ...again, added: report.added + again.added };
    }
    await announce(deps, collectionId);
  }
  if (report.unreadable.length > 0)
    log.info({ collectionId, unreadable: report.unreadable }, 'unreadable uploads');
  return {
    ok: true,
    added: report.added,
    updated: report.updated,
    removed: report.removed,
    posted: post,
  };
}

/** Tags the collection "New" (once) so the homepage's New row shows it. */
async function announce(deps: LibraryUploadDeps, collectionId: number): Promise<void> {
  const collection = await deps.repo.find(collectionId);
  if (!collection) return;
  if (collection.tags.some((tag) => foldText(tag) === foldText(ANNOUNCE_TAG))) return;
  await deps.catalogue.setTags(collectionId, [...collection.tags, ANNOUNCE_TAG]);
}
