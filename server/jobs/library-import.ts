import { InsufficientStorage, isDiskFull } from '../errors';
import type { ImageStore } from '../media/image-store';
import type { CatalogueWriteRepository, Executor } from '../modules/catalogue';
import { analyseNewAudio } from './import-analysis';
import { mapLimited } from './map-limited';
import { groupTracks, type ReadTrack } from './release-groups';
import { writeGroup } from './release-write';
import {
  applyMoves,
  companionMoves,
  findMoves,
  markVanished,
  restoreReturned,
  settleCollections,
} from './library-rescan';
import { surveyRoot } from './library-survey';
import { fileProblem } from './scan-problems';
import { readFresh } from './steady-read';
import { upgradeKnownTracks } from './tag-upgrade';
import type { StoredFiles } from '../storage/stored-files';

export interface ImportProblem {
  path: string;
  error: string;
}

export interface ImportReport {
  /** Audio files found under the folder. */
  seen: number;
  /** New audio files (the same as audioAdded). */
  new: number;
  /** Known audio read again: changed on disk, or filled by an older tag reader (same ids). */
  changed: number;
  /** Known files found at another path by their content fingerprint (same ids). */
  moved: number;
  /** Known audio files gone from the folder, marked missing (hidden, not deleted). */
  missing: number;
  /** Missing audio files found again where they were. */
  restored: number;
  audioAdded: number;
  companionsAdded: number;
  alreadyKnown: number;
  /** Kept for the callers that named it: the same as `changed`. */
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
  /** The analysis of the added files: files analysed of those to analyse, as each ends. */
  onAnalysis?: (done: number, total: number) => void;
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
  /**
   * The library the folder is (domain/libraries.ts): new collections belong to it from their
   * first row, so a role that does not see it never glimpses them. Undefined for hand-overs.
   */
  libraryId?: number;
}

/**
 * Turns a folder of audio into collections, and keeps them in step with it (a rescan, decision
 * 0056). New files are added (a vanished file's content at a new path is that file moved: same
 * id); a known file whose size and mtime are unchanged costs one stat; a changed one is read
 * again and updated in place (or moved to its new album), keeping its id; a file gone is marked
 * missing, never deleted here. An unreadable file is reported and skipped. Each collection is
 * written in one transaction, so a failure never leaves a collection without its files.
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

const emptyReport = (): ImportReport => ({
  seen: 0,
  new: 0,
  changed: 0,
  moved: 0,
  missing: 0,
  restored: 0,
  audioAdded: 0,
  companionsAdded: 0,
  alreadyKnown: 0,
  tracksUpgraded: 0,
  collectionsCreated: 0,
  collectionsUpdated: 0,
  collectionIds: [],
  problems: [],
});

async function importAll(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  root: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const report = emptyReport();
  // What a file's row holds: its path, or its storage key once kept in object storage.
  const refOf = (path: string) => options.files?.refFor(path) ?? path;
  // A folder indexed in place (MUSIC_DIR) is the truth for the rows under it; a hand-over's
  // files are kept elsewhere (object storage), so nothing under its folder goes missing.
  const inPlace = options.files === undefined;
  const survey = await surveyRoot(repo, root, refOf, inPlace);
  const { folders, known, sorted, vanished } = survey;
  report.problems.push(...survey.problems);
  if (survey.expected > 0 && survey.seen === 0 && !survey.rootUnread) {
    // An unmounted disk must not hide the whole library: nothing is marked missing.
    const error = `The library folder ${root} is missing or empty; nothing was marked missing`;
    report.problems.push({ path: root, error });
    return report;
  }
  // Known rows, and companions found moved below (never added again as new files).
  const claimed = new Set<string>();
  const isKnown = (path: string) => known.has(refOf(path)) || claimed.has(refOf(path));
  report.seen = survey.seen;
  report.alreadyKnown = report.seen - sorted.fresh.length;

  const moves = await findMoves(repo, sorted.fresh, vanished, inPlace);
  const companions = companionMoves(moves.moved, vanished, folders, isKnown);
  for (const move of companions) claimed.add(refOf(move.file.path));
  const touched = new Set<number>(await applyMoves(repo, moves.moved, refOf));
  await applyMoves(repo, companions, refOf);
  report.moved = moves.moved.length;
  const returned = [...sorted.returned, ...survey.companionsBack];
  for (const id of await restoreReturned(repo, returned)) touched.add(id);
  report.restored = sorted.returned.length;

  const total = moves.fresh.length + sorted.changed.length;
  let done = 0;
  const onRead = () => options.onProgress?.(++done, total);
  const upgrade = await upgradeKnownTracks(repo, images, sorted.changed, onRead);
  report.changed = upgrade.upgraded + upgrade.regroup.length;
  report.tracksUpgraded = report.changed;
  report.problems.push(...upgrade.problems);

  const read = await mapLimited(moves.fresh, 8, async (entry): Promise<ReadTrack | null> => {
    try {
      return await readFresh(entry);
    } catch (error) {
      report.problems.push({ path: entry.file.path, error: fileProblem(error) });
      return null;
    } finally {
      onRead();
    }
  });

  const fresh = read.filter((track): track is ReadTrack => track !== null);
  const groups = groupTracks([...fresh, ...upgrade.regroup]);
  const left = new Set(upgrade.regroup.map((t) => t.known!.collectionId));

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
  report.new = report.audioAdded;

  const found = new Set([...moves.moved, ...companions].map((m) => m.known.fileId));
  const gone = vanished.filter((row) => !found.has(row.fileId));
  for (const id of await markVanished(repo, gone)) touched.add(id);
  report.missing = gone.filter((row) => row.tagsVersion !== null).length;
  await settleCollections(repo, touched, left);
  if (report.changed > 0 || report.audioAdded > 0 || report.missing > 0)
    await repo.deleteUnlinkedArtists();

  const input = (ref: string) => options.files?.ffmpegInput(ref) ?? Promise.resolve(ref);
  // One decode per new file for both parts; `waveforms: false` skips both unless `loudness` says.
  const parts = {
    waveform: options.waveforms !== false,
    loudness: (options.loudness ?? options.waveforms) !== false,
  };
  await analyseNewAudio(
    repo,
    newAudio,
    parts,
    input,
    (path, part, error) => report.problems.push({ path, error: `${part}: ${problemText(error)}` }),
    options.onAnalysis,
  );
  return report;
}
