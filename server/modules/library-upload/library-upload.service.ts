import { basename, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LOCAL_SERVER_ID } from '../../../domain/settings';
import type { ImportAnswer, UploadAnswer, UploadTarget } from '../../../domain/library-upload';
import type { Caller } from '../../access/caller';
import { assertMayChangeCollection, requireLibraryUploader } from '../../access/library-upload';
import { BadRequest, NotFound } from '../../errors';
import { ImageStore, InvalidImageError } from '../../media/image-store';
import type { CatalogueWriteRepository } from '../catalogue';
import type { MediaRepository } from '../media';
import type { SettingsService } from '../settings';
import { placeFile, removeQuietly, tempPathIn, type ReceivedFile } from '../uploads';
import type { UploadCollection } from './library-upload.repository';
import type { RunPostActions } from '../uploads';
import { readWhole } from '../../storage/folder-reads';
import { StoredFiles } from '../../storage/stored-files';
import { ensureFolder, linkOrCopy, writeNew } from '../../storage/work-files';
import type { LibraryUploadRepository } from './library-upload.repository';
import { importUploadedCollection } from './library-upload-import';

const COVER_STEMS = new Set(['cover', 'folder', 'front', 'album', 'artwork']);
const isCoverName = (name: string): boolean =>
  COVER_STEMS.has(name.slice(0, name.lastIndexOf('.')).toLowerCase());

/** A stored object's bytes (an uploaded image, at most MAX_IMAGE_BYTES). */
async function readStored(files: StoredFiles, ref: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await files.read(ref)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface LibraryUploadDeps {
  repo: LibraryUploadRepository;
  media: MediaRepository;
  catalogue: CatalogueWriteRepository;
  images: ImageStore;
  /** Where imported files are kept (DATA_DIR, or object storage). */
  files: StoredFiles;
  settings: SettingsService;
  runPostActions: RunPostActions;
  /** DATA_DIR/media/uploads: where collections created by /upload keep their files. */
  uploadsDir: string;
}

/**
 * /upload: create a collection, put files into it, build it from their tags. One per app
 * (server/root), shared by /upload, its resumable uploads and user-upload imports.
 */
export class LibraryUploadService {
  constructor(private readonly deps: LibraryUploadDeps) {}

  /**
   * The seam for downloader servers: the built-in server (0) stores files on this machine.
   * Other servers do not exist yet, so any other id is missing.
   */
  private resolveServer(serverId: number): void {
    if (serverId !== LOCAL_SERVER_ID) throw new NotFound('Server not found');
  }

  async createCollection(caller: Caller, serverId: number, name: string): Promise<number> {
    requireLibraryUploader(caller);
    this.resolveServer(serverId);
    const collectionId = await this.deps.repo.create(name, caller.userId);
    await this.folderOf({ collectionId, folder: null });
    return collectionId;
  }

  async target(caller: Caller, collectionId: number): Promise<UploadTarget> {
    const collection = await this.writable(caller, collectionId);
    return { collectionId, collectionName: collection.name };
  }

  /** The collection the caller may change, with a folder on disk (created on first use). */
  async writable(
    caller: Caller,
    collectionId: number,
  ): Promise<UploadCollection & { folder: string }> {
    const collection = await this.deps.repo.find(collectionId);
    assertMayChangeCollection(caller, collection);
    return { ...collection, folder: await this.folderOf(collection) };
  }

  private async folderOf(collection: Pick<UploadCollection, 'collectionId' | 'folder'>) {
    if (collection.folder) {
      await ensureFolder(collection.folder);
      return collection.folder;
    }
    const folder = join(this.deps.uploadsDir, String(collection.collectionId));
    await ensureFolder(folder);
    await this.deps.repo.setFolder(collection.collectionId, folder);
    return folder;
  }

  /**
   * Gives received files their final names and records them. An image named like a cover (or
   * the first image of a collection without one) becomes the collection's cover; one that does
   * not decode refuses the whole request. On any failure every file of the request is removed.
   */
  async store(
    collection: UploadCollection & { folder: string },
    received: ReceivedFile[],
  ): Promise<UploadAnswer> {
    const placed: string[] = [];
    const kept: string[] = [];
    const { files: stored } = this.deps;
    const keptElsewhere = async (path: string) =>
      stored.storage.kind !== 'local' && (await stored.stat(stored.refFor(path))) !== null;
    try {
      let collectionImageHash: string | null = null;
      for (const file of received) {
        if (file.kind !== 'image') continue;
        if (!isCoverName(file.name) && (collection.imageHash || collectionImageHash)) continue;
        collectionImageHash = await this.storeCover(await readWhole(file.tempPath), file.name);
      }
      for (const file of received)
        placed.push(await placeFile(file.tempPath, collection.folder, file.name, keptElsewhere));
      // Kept before the rows (on object storage: uploaded whole), so any app server can import.
      for (const path of placed) kept.push(await this.deps.files.keep(path));
      return await this.record(
        collection,
        received.map((file, i) => ({ ...file, path: placed[i]!, ref: kept[i]! })),
        collectionImageHash,
      );
    } catch (error) {
      for (const file of received) await removeQuietly(file.tempPath);
      for (const path of placed) await removeQuietly(path);
      for (const ref of kept) await this.deps.files.remove(ref).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Takes a file already whole in object storage (a finished resumable upload, "tus/<id>") into
   * the collection: the name is chosen as store() chooses it (reserved by a link on this
   * machine, never one already kept in the bucket), the object moved under it inside the
   * bucket, then the row written. On failure the object is removed, as store() removes a file.
   */
  async storeObject(
    collection: UploadCollection & { folder: string },
    object: { key: string; name: string; kind: ReceivedFile['kind']; size: number },
  ): Promise<UploadAnswer> {
    const { files } = this.deps;
    const keptElsewhere = async (path: string) => (await files.stat(files.refFor(path))) !== null;
    let ref: string | null = null;
    try {
      const cover =
        object.kind === 'image' && (isCoverName(object.name) || !collection.imageHash)
          ? await this.storeCover(await readStored(files, object.key), object.name)
          : null;
      const reservation = tempPathIn(collection.folder);
      await writeNew(reservation, '');
      const path = await placeFile(reservation, collection.folder, object.name, keptElsewhere);
      try {
        await files.storage.move(object.key, files.refFor(path));
        ref = files.refFor(path);
      } finally {
        await removeQuietly(path);
      }
      return await this.record(collection, [{ ...object, path, ref }], cover);
    } catch (error) {
      await files.remove(ref ?? object.key).catch(() => undefined);
      throw error;
    }
  }

  /** The rows of placed and kept files, in one transaction, and the collection's new cover. */
  private async record(
    collection: UploadCollection,
    entries: Array<{ path: string; ref: string; size: number; kind: ReceivedFile['kind'] }>,
    collectionImageHash: string | null,
  ): Promise<UploadAnswer> {
    const files = await this.deps.catalogue.transaction(async (trx) => {
      const rows: UploadAnswer['files'] = [];
      for (const entry of entries) {
        const fileId = await this.deps.catalogue.addFile(
          {
            collectionId: collection.collectionId,
            path: entry.ref,
            relativePath: basename(entry.path),
            size: entry.size,
            modifiedAt: new Date().toISOString(),
            imageHash: null,
          },
          trx,
        );
        rows.push({ fileId, name: basename(entry.path), size: entry.size, kind: entry.kind });
      }
      return rows;
    });
    if (collectionImageHash)
      await this.deps.media.setCollectionImage(collection.collectionId, collectionImageHash);
    return { files, collectionImageHash };
  }

  /**
   * Puts a copy of a finished file (a user's music upload) into a collection and records it.
   * A copy (a hard link when the disk allows), so the source stays whole until the caller
   * removes it: a failure here leaves nothing half-moved.
   */
  async addExistingFile(
    caller: Caller,
    serverId: number,
    collectionId: number,
    source: { path: string; name: string; size: number },
  ): Promise<UploadAnswer> {
    requireLibraryUploader(caller);
    this.resolveServer(serverId);
    const collection = await this.writable(caller, collectionId);
    if (StoredFiles.isKey(source.path)) return this.addExistingObject(collection, source);
    const tempPath = tempPathIn(collection.folder);
    // A hard link where the disk allows, else a copy; the source stays whole either way.
    await linkOrCopy(source.path, tempPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new NotFound('The uploaded file is missing');
      throw error;
    });
    return this.store(collection, [
      { tempPath, name: source.name, kind: 'audio', size: source.size },
    ]);
  }

  /**
   * addExistingFile for an object (a member's upload on object storage): copied whole inside
   * the bucket to a hidden temporary key beside the collection's objects (so the upload stays
   * whole until the caller removes it), then placed as a finished resumable upload is.
   */
  private async addExistingObject(
    collection: UploadCollection & { folder: string },
    source: { path: string; name: string; size: number },
  ): Promise<UploadAnswer> {
    const { files } = this.deps;
    if ((await files.stat(source.path)) === null)
      throw new NotFound('The uploaded file is missing');
    const key = files.keyOf(tempPathIn(collection.folder));
    try {
      await files.storage.write(key, await files.read(source.path));
    } catch (error) {
      await files.remove(key).catch(() => undefined);
      throw error;
    }
    return this.storeObject(collection, {
      key,
      name: source.name,
      kind: 'audio',
      size: source.size,
    });
  }

  private async storeCover(bytes: Buffer, name: string): Promise<string> {
    try {
      const stored = await this.deps.images.put(bytes);
      await this.deps.catalogue.saveImage(stored);
      return stored.hash;
    } catch (error) {
      if (error instanceof InvalidImageError)
        throw new BadRequest(`${name}: the upload is not an image`);
      throw error;
    }
  }

  /**
   * Reads the tags and builds the collection; with post, the default post-import actions run
   * first and the collection is announced (library-upload-import.ts).
   */
  async importCollection(
    caller: Caller,
    collectionId: number,
    post: boolean,
    log: FastifyBaseLogger,
  ): Promise<ImportAnswer> {
    return importUploadedCollection(
      this.deps,
      await this.writable(caller, collectionId),
      post,
      log,
    );
  }
}
