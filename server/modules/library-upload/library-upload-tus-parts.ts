import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, KvStore } from '@tus/server';
import type { MetadataValue } from '@tus/s3-store';
import { SNIFF_BYTES } from '../../media/content-sniff';
import { readHead } from '../../storage/folder-reads';
import type { S3Storage } from '../../storage/s3-storage';
import type { Storage } from '../../storage/storage';
import { removeQuietly } from '../../storage/work-files';

/*
 * Where a resumable upload's bytes wait until the upload is whole (decision 0026, and 0050's
 * third part): files under DATA_DIR/tus on a local-folder server, as always; on object storage
 * @tus/s3-store's multipart upload in the bucket, so an upload started on one app server can be
 * resumed on any other. The routes see only this interface.
 */
export interface TusParts {
  readonly kind: 'local' | 's3';
  readonly datastore: DataStore;
  /** The folder holding the parts on this machine, or null when they are in the bucket. */
  readonly directory: string | null;
  /** The store's id for the id a client names in the URL (32 hex digits). */
  storeId(urlId: string): string;
  /** The URL's id for a store id. */
  urlId(storeId: string): string;
  /** The first bytes of a finished upload, to check its content against its name. */
  head(storeId: string): Promise<Buffer>;
  /** Removes a finished upload's bytes and its metadata; already gone is not an error. */
  discard(storeId: string): Promise<void>;
  /** After a finished upload was placed (or refused): its metadata, which nothing reads again. */
  forget(storeId: string): Promise<void>;
}

/** A store whose creation, when the disk is full, leaves neither the empty file nor its metadata. */
class RoomyFileStore extends FileStore {
  override async create(upload: Parameters<FileStore['create']>[0]) {
    try {
      return await super.create(upload);
    } catch (error) {
      await this.remove(upload.id).catch(() => undefined);
      throw error;
    }
  }
}

/** Parts as files in `directory` (DATA_DIR/tus): "<id>" holds the bytes, "<id>.json" the metadata. */
export function localTusParts(directory: string): TusParts {
  const datastore = new RoomyFileStore({ directory });
  return {
    kind: 'local',
    directory,
    datastore,
    storeId: (urlId) => urlId,
    urlId: (storeId) => storeId,
    head: (storeId) => readHead(join(directory, storeId), SNIFF_BYTES),
    discard: (storeId) => removeQuietly(join(directory, storeId)),
    forget: (storeId) => removeQuietly(join(directory, `${storeId}.json`)),
  };
}

/** A KvStore that keeps nothing: every request reads the upload's .info from the bucket. */
const NO_CACHE: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

/** Everything tus keeps in the bucket is under this prefix, apart from the library's keys. */
export const TUS_PREFIX = 'tus/';

/**
 * Parts in the bucket through @tus/s3-store: the upload is one S3 multipart upload under
 * "tus/<id>" (parts of 5 MiB at least, S3's minimum; a shorter tail waits as "tus/<id>.part"
 * until more arrives), its metadata in "tus/<id>.info". Every app server reads both from the
 * bucket, so a PATCH may reach any of them. When the last byte arrives the store completes the
 * multipart upload: "tus/<id>" is then the whole file, which the library takes by a move inside
 * the bucket, with no copy through this machine.
 */
export async function s3TusParts(storage: S3Storage): Promise<TusParts> {
  // Loaded only on object storage, as the AWS SDK is.
  const { S3Store } = await import('@tus/s3-store');
  const store: Storage = storage;
  /** S3Store's termination removes the upload and its .info but leaves a waiting tail behind. */
  class TidyS3Store extends S3Store {
    override async remove(id: string): Promise<void> {
      await super.remove(id);
      await store.delete(`${id}.part`);
    }
  }
  const datastore = new TidyS3Store({
    partSize: 5 * 1024 * 1024,
    s3ClientConfig: storage.clientSettings(),
    // Expiry tags need bucket tagging, which not every S3-compatible service offers.
    useTags: false,
    // No metadata kept between requests: another server may have finished or ended the upload
    // meanwhile, and a stale copy would take an aborted upload for a complete one.
    cache: NO_CACHE,
  });
  return {
    kind: 's3',
    datastore,
    directory: null,
    storeId: (urlId) => `${TUS_PREFIX}${urlId}`,
    urlId: (storeId) => storeId.slice(TUS_PREFIX.length),
    head: async (storeId) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.read(storeId, { start: 0, end: SNIFF_BYTES - 1 }))
        chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    discard: async (storeId) => {
      await store.delete(storeId);
      await store.delete(`${storeId}.part`);
      await store.delete(`${storeId}.info`);
    },
    forget: (storeId) => store.delete(`${storeId}.info`),
  };
}
