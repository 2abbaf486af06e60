import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ffmpegPath } from '../media/ffmpeg-binary';
import type { ImageStore } from '../media/image-store';
import { ProcessSlots } from '../media/process-slots';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import { DEMO_RELEASES, type DemoRelease } from './demo-catalogue';
import { demoExtension, demoTrackArgs } from './demo-audio';
import { demoCover } from './demo-covers';
import { importFolder, type ImportReport } from '../jobs/library-import';
import { albumImportKey } from '../jobs/release-groups';
import { exists } from '../storage/folder-reads';
import type { StoredFiles } from '../storage/stored-files';
import {
  deleteFile,
  ensureFolder,
  moveIntoPlace,
  removeTree,
  writeWhole,
} from '../storage/work-files';

function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    // A crash prints nothing useful on stderr, so the exit code or signal is named too.
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`)),
    );
  });
}

const folderName = (release: DemoRelease) =>
  `${release.artists.join(' & ')} - ${release.album}`.replace(/[/\\:]/g, '-');

async function writeRelease(dir: string, release: DemoRelease, slots: ProcessSlots): Promise<void> {
  const folder = join(dir, folderName(release));
  await ensureFolder(folder);
  const coverPath = join(folder, release.embedCover ? '.embedded-cover.png' : 'cover.png');
  await writeWhole(coverPath, await demoCover(release.album));
  await Promise.all(
    release.titles.map(async (title, index) => {
      const release_ = await slots.acquire();
      try {
        const name = `${String(index + 1).padStart(2, '0')} - ${title}.${demoExtension(release.format)}`;
        await runFfmpeg(
          demoTrackArgs(
            release,
            index,
            join(folder, name),
            release.embedCover ? coverPath : undefined,
          ),
        );
      } finally {
        release_();
      }
    }),
  );
  if (release.embedCover) await deleteFile(coverPath);
  if (release.genre === 'Jazz') {
    await writeWhole(
      join(folder, 'liner-notes.txt'),
      `${release.album}\n\n${release.description}\n`,
    );
  }
}

export interface DemoOptions {
  log?: (line: string) => void;
  /** Defaults to the whole catalogue; tests pass a few short ones. */
  releases?: DemoRelease[];
  /** Keeps the files where the server keeps media (object storage); else they stay in place. */
  files?: StoredFiles;
}

/**
 * Generates the demo label's catalogue as real audio files under `mediaDir/demo`, imports it,
 * then applies the store fields (tags, prices, descriptions, hidden) tags cannot carry.
 * Files are written to a temporary folder first, so an interrupted run leaves nothing half-made.
 */
export async function generateDemoLibrary(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  mediaDir: string,
  options: DemoOptions = {},
): Promise<ImportReport> {
  const { log = () => {}, releases = DEMO_RELEASES, files } = options;
  const target = join(mediaDir, 'demo');
  if (!(await exists(target))) {
    const temp = join(mediaDir, `.demo-${process.pid}-${Date.now()}`);
    const slots = new ProcessSlots();
    let done = 0;
    // Settled, not all: the folder is removed only once no ffmpeg still writes into it.
    const results = await Promise.allSettled(
      releases.map(async (release) => {
        await writeRelease(temp, release, slots);
        log(`demo library: ${++done}/${releases.length} releases generated`);
      }),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) {
      await removeTree(temp);
      throw failed.reason;
    }
    await moveIntoPlace(temp, target);
  }
  // Loudness is left to the backfill that runs after start: the first start shows music sooner.
  const report = await importFolder(repo, images, target, { loudness: false, files });
  for (const release of releases) {
    const id = await repo.findCollectionByImportKey(
      albumImportKey(release.album, release.artists.join('; ')),
    );
    if (id === null) continue;
    await repo.setTags(id, release.tags);
    await repo.updateStoreFields(id, {
      price: release.price ?? null,
      hidden: release.hidden ?? false,
      description: release.description,
    });
    // MP4 and WAV tags have no standard label field ffmpeg writes, so the release sets it.
    await repo.setLabelIfMissing(id, release.label);
  }
  return report;
}
