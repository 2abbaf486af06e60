import { availableParallelism } from 'node:os';
import { InsufficientStorage, isDiskFull } from '../errors';
import { readTrackInfo } from '../media/audio-tags';
import type { ImageStore } from '../media/image-store';
import { measureLoudness } from '../media/loudness';
import { computeWaveform } from '../media/waveform';
import type { CatalogueWriteRepository, Executor } from '../modules/catalogue';
import { scanFolder } from './folder-scan';
import { mapLimited } from './map-limited';
import { groupTracks, type ReadTrack } from './release-groups';
import { writeGroup } from './release-write';
import { upgradeKnownTracks } from './tag-upgrade';
import type { StoredFiles } from '../storage/stored-files';

export interface ImportProblem {
  path: string;
  error: string;
}

export interface ImportReport {
  audioAdded: number;
  companionsAdded: number;
  alreadyKnown: number;
  /** Known tracks read again because an older tag reader filled them (same file ids). */
  tracksUpgraded: number;
  collectionsCreated: number;
  collectionsUpdated: number;
  collectionIds: number[];
  problems: ImportProblem[];
}

export interface ImportOptions {
  /** Compute waveform peaks for the new tracks (the slow part; on by default). */
  waveforms?: boolean;
  /** Measure the new tracks' loudness (EBU R128); follows `waveforms` unless given. */
  loudness?: boolean;
  onProgress?: (done: number, total: number) => void;
  /**
   * Runs inside each collection's transaction with the audio files it adds, so a caller's own
   * count commits with the tracks (an import cut by a crash still knows what landed).
   */
  onWritten?: (audioAdded: number, trx: Executor) => Promise<void>;
  /**
   * Keeps the imported files where every app server reads them (object storage) before their
   * rows are written, for folders under DATA_DIR (node hand-overs). Without it, or on a local
   * folder, files stay where they are, as a MUSIC_DIR is indexed in place.
   */
  files?: StoredFiles;
}

/**
 * Turns a folder of audio into collections. New files are added; known ones stay where they
 * are, read again only when an older tag reader filled them (upgraded in place); an unreadable
 * file is reported and skipped. Each collection is written in one transaction, so a failure
 * never leaves a collection without its files.
 */
export async function importFolder(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  root: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  try {
    return await importAll(repo, images, root, options);
  } catch (error) {
    throw isDiskFull(error) ? diskFull(error) : error;
  }
}

/**
 * A full disk stops the import with the one clear DISK_FULL message: the raw "ENOSPC: no space
 * left on device, open '<path under DATA_DIR>'" would reach the admin's job view otherwise. The
 * original stays as the cause, so the server log (pino prints causes) still names the path.
 */
function diskFull(error: unknown): InsufficientStorage {
  if (error instanceof InsufficientStorage) return error;
  const full = new InsufficientStorage();
  full.cause = error;
  return full;
}

/** A problem's words for the admin: a full disk says so plainly, without server paths. */
const problemText = (error: unknown): string =>
  isDiskFull(error) ? diskFull(error).message : (error as Error).message;

async function importAll(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  root: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const report: ImportReport = {
    audioAdded: 0,
    companionsAdded: 0,
    alreadyKnown: 0,
    tracksUpgraded: 0,
    collectionsCreated: 0,
    collectionsUpdated: 0,
    collectionIds: [],
    problems: [],
  };
  const folders = await scanFolder(root);
  // What a file's row holds: its path, or its storage key once kept in object storage.
  const refOf = (path: string) => options.files?.refFor(path) ?? path;
  const allPaths = folders.flatMap((f) => [...f.audio, ...f.companions].map((file) => file.path));
  const known = await repo.knownPaths(allPaths.map(refOf));
  const isKnown = (path: string) => known.has(refOf(path));
  const fresh = folders.flatMap((folder) =>
    folder.audio.filter((f) => !isKnown(f.path)).map((file) => ({ file, folder })),
  );
  report.alreadyKnown = folders.reduce(
    (n, f) => n + f.audio.filter((a) => isKnown(a.path)).length,
    0,
  );

  const stale = await repo.staleTracks(
    folders.flatMap((f) => f.audio.filter((a) => isKnown(a.path)).map((a) => refOf(a.path))),
  );
  const total = fresh.length + stale.length;
  let done = 0;
  const upgrade = await upgradeKnownTracks(repo, stale, () => options.onProgress?.(++done, total));
  report.tracksUpgraded = upgrade.upgraded;
  report.problems.push(...upgrade.problems);

  const read = await mapLimited(fresh, 8, async ({ file, folder }): Promise<ReadTrack | null> => {
    try {
      return { file, folder, info: await readTrackInfo(file.path) };
    } catch (error) {
      report.problems.push({ path: file.path, error: (error as Error).message });
      return null;
    } finally {
      options.onProgress?.(++done, total);
    }
  });

  const groups = groupTracks(read.filter((track): track is ReadTrack => track !== null));

  const companionsClaimed = new Set<string>();
  const newAudio: Array<{ fileId: number; path: string }> = [];
  for (const group of groups.values()) {
    try {
      const written = await writeGroup(repo, images, group, isKnown, companionsClaimed, options);
      report.audioAdded += written.audio.length;
      report.companionsAdded += written.companions;
      report[written.created ? 'collectionsCreated' : 'collectionsUpdated'] += 1;
      report.collectionIds.push(written.collectionId);
      newAudio.push(...written.audio);
    } catch (error) {
      // Every further album would fail the same way: the import stops and says why.
      if (isDiskFull(error)) throw error;
      for (const track of group.tracks) companionsClaimed.delete(track.folder.dir);
      report.problems.push({
        path: group.tracks[0]?.folder.dir ?? root,
        error: `collection "${group.name}" was not imported: ${(error as Error).message}`,
      });
    }
  }

  if (upgrade.upgraded > 0 || report.audioAdded > 0) await repo.deleteUnlinkedArtists();

  const input = (ref: string) => options.files?.ffmpegInput(ref) ?? Promise.resolve(ref);
  if (options.waveforms !== false) {
    await mapLimited(newAudio, availableParallelism(), async ({ fileId, path }) => {
      try {
        await repo.setWaveform(fileId, await computeWaveform(await input(path)));
      } catch (error) {
        report.problems.push({ path, error: `waveform: ${problemText(error)}` });
      }
    });
  }
  if ((options.loudness ?? options.waveforms) !== false) {
    await mapLimited(newAudio, availableParallelism(), async ({ fileId, path }) => {
      let measure = null;
      try {
        measure = await measureLoudness(await input(path));
      } catch (error) {
        report.problems.push({ path, error: `loudness: ${problemText(error)}` });
      }
      // A failed measure counts as the backfill's first attempt.
      await repo.setLoudness(fileId, measure);
    });
  }
  return report;
}
