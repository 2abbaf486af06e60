import { join } from 'node:path';
import { loadConfigOrExit, type Config } from '../config';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { ImageStore } from '../media/image-store';
import { createStorage } from '../storage/create-storage';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import { buildRepositories } from '../root/repositories';
import { StoredFiles } from '../storage/stored-files';

export interface Library {
  config: Config;
  db: Db;
  repo: CatalogueWriteRepository;
  images: ImageStore;
  /** Where the server keeps media: what a command generates is kept there too. */
  files: StoredFiles;
  mediaDir: string;
}

/** Opens the configured database (migrated) and media folders, for command-line jobs. */
export async function openLibrary(): Promise<Library> {
  const config = loadConfigOrExit();
  const { db, dialect } = createDatabase(config);
  await migrateToLatest(db, dialect);
  const storage = await createStorage(config.storage);
  return {
    config,
    db,
    repo: buildRepositories(db, dialect).catalogueWrite,
    // Covers go where the server reads them: DATA_DIR/images, or the bucket S3_BUCKET names.
    images: new ImageStore(storage),
    files: new StoredFiles(storage, config.dataDir),
    mediaDir: join(config.dataDir, 'media'),
  };
}
