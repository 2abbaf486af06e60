import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CollectionWithFilesSchema, type CollectionWithFiles } from '../../domain/collection';
import { importFolder, type ImportReport } from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { MissingFilesService } from '../../server/modules/catalogue/missing-files.service';
import { buildRepositories } from '../../server/root/repositories';
import { setUpApp, withMember, type AppSetup, type Member } from '../helpers/setup';
import { KIND_EXTENSION, writeTaggedAudio, type TrackTags } from '../helpers/tagged-audio';

/** A real folder of tagged files, imported and rescanned as an admin's MUSIC_DIR would be. */
export interface RescanSetup extends AppSetup {
  user: Member;
  root: string;
  /** The catalogue's missing-files service, on the same database as the app. */
  missingFiles: MissingFilesService;
  scan(): Promise<ImportReport>;
  write(relativePath: string, tags: TrackTags, frequency?: number): Promise<string>;
  page(collectionId: number): Promise<CollectionWithFiles>;
}

export async function setUpRescan(): Promise<RescanSetup> {
  const setup = await withMember(await setUpApp());
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-rescan-'));
  const root = join(dir, 'music');
  await mkdir(root);
  const repositories = buildRepositories(setup.t.db, setup.t.config.database.kind);
  const repo = repositories.catalogueWrite;
  const images = new ImageStore(join(setup.t.config.dataDir, 'images'));
  return {
    ...setup,
    root,
    missingFiles: new MissingFilesService(repositories),
    scan: () => importFolder(repo, images, root, { waveforms: false }),
    async write(relativePath, tags, frequency = 440) {
      const file = join(root, `${relativePath}${KIND_EXTENSION.mp3}`);
      await mkdir(join(file, '..'), { recursive: true });
      await writeTaggedAudio(file, { kind: 'mp3', tags, frequency });
      return file;
    },
    async page(collectionId) {
      const response = await setup.user.get(`/api/audio_collection/${collectionId}`);
      expect(response.statusCode).toBe(200);
      return CollectionWithFilesSchema.parse(response.json());
    },
    async close() {
      await setup.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The collection ids a member's search finds for `query`. */
export async function searchIds(setup: RescanSetup, query: string): Promise<number[]> {
  const response = await setup.user.post('/api/audio_collection/search', {
    query,
    offset: 0,
    limit: 50,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Array<{ collectionId: number }> }>().data.map((d) => d.collectionId);
}

/** The file ids and titles a collection page lists, in its order. */
export const titlesOf = (page: CollectionWithFiles) =>
  page.files.map((entry) => ({ fileId: entry.file.fileId, title: entry.audio?.audioTitle }));
