import { dirname } from 'node:path';
import { TAGS_VERSION, type CatalogueWriteRepository, type KnownFile } from '../modules/catalogue';
import { walkFolders, type ScannedFile, type ScannedFolder, type WalkLog } from './folder-scan';
import { returnedCompanions, sortAudio, type Sorted } from './library-rescan';
import type { ScanProblem } from './scan-problems';

/** What a walk of the library folder found, against the rows: the work an import has to do. */
export interface Survey {
  /** Folders holding a new, changed or returned file; wholly unchanged ones are not kept. */
  folders: ScannedFolder[];
  /** The rows of the kept folders' files, by path (or storage key). */
  known: Map<string, KnownFile>;
  sorted: Sorted;
  /** Companion files (booklets, covers) found again where they were. */
  companionsBack: Array<{ file: ScannedFile; known: KnownFile }>;
  /** Audio files found. */
  seen: number;
  /** Present rows under the root whose file was not found (and not under an unread folder). */
  vanished: KnownFile[];
  /** Present rows under the root before the scan: with nothing found, an unmounted disk. */
  expected: number;
  problems: ScanProblem[];
  /** The root itself could not be read (not "missing": no permission, say). */
  rootUnread: boolean;
}

/**
 * Files looked up against the rows at once (one query): the walk holds one batch, not the
 * library, and a small batch's objects die young (a rescan of a million files measured 290 MB
 * of RSS in-process with 2,000, 250 MB with 250: less is promoted to V8's old space).
 */
const BATCH_FILES = 250;

/** The file's row says it is here and unchanged: same stamp, current tag reader (sortAudio). */
const unchanged = (stamp: FileStamp | undefined, file: ScannedFile) =>
  stamp !== undefined &&
  stamp.missingSince === null &&
  stamp.sizeBytes === file.stampBytes &&
  stamp.mtimeMs === file.stampMs &&
  (stamp.tagsVersion ?? 0) >= TAGS_VERSION;

/**
 * Walks `root` (folder-scan.ts) and sorts each batch of folders against the rows as it goes:
 * a library of a million unchanged files costs a stat and a lookup per file and keeps only the
 * ids it saw, never every path, row and stat at once (decision 0056; the RSS figure in
 * docs/benchmarks.md). Then the present rows under the root are read a page at a time, and
 * those not seen (and not under a folder that could not be read) are the vanished ones.
 * Only a folder indexed in place (`inPlace`) has rows that can vanish.
 */
/**
 * The file ids a walk found, one bit each: file ids are dense (SQLite rowids, PostgreSQL
 * serials), so a million cost 125 KB, where a Set of them cost tens of MB and its rehashes
 * more garbage for V8's old space (the RSS figure).
 */
class IdSet {
  private bits = new Uint32Array(1024);

  add(id: number): void {
    const word = id >>> 5;
    if (word >= this.bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[word]! |= 1 << (id & 31);
  }

  has(id: number): boolean {
    const word = id >>> 5;
    return word < this.bits.length && (this.bits[word]! & (1 << (id & 31))) !== 0;
  }
}

type FileStamp =
  Awaited<ReturnType<CatalogueWriteRepository['libraryFiles']['stamps']['stampsOf']>> extends Map<
    string,
    infer S
  >
    ? S
    : never;

export async function surveyRoot(
  repo: CatalogueWriteRepository,
  root: string,
  refOf: (path: string) => string,
  inPlace: boolean,
): Promise<Survey> {
  const log: WalkLog = { problems: [], unread: [] };
  const survey: Survey = {
    folders: [],
    known: new Map(),
    sorted: { fresh: [], changed: [], returned: [], unchanged: 0 },
    companionsBack: [],
    seen: 0,
    vanished: [],
    expected: 0,
    problems: log.problems,
    rootUnread: false,
  };
  const seenIds = new IdSet();
  let batch: ScannedFolder[] = [];
  let files = 0;
  const flush = async () => {
    const paths = batch.flatMap((f) => [...f.audio, ...f.companions].map((x) => refOf(x.path)));
    const stamps = await repo.libraryFiles.stamps.stampsOf(paths);
    for (const stamp of stamps.values()) seenIds.add(stamp.fileId);
    // A folder is looked at whole (its rows read) when one of its files is new, changed or
    // back; the rest are counted and let go (the usual rescan: every folder unchanged).
    const busy = batch.filter(
      (folder) =>
        folder.audio.some((file) => !unchanged(stamps.get(refOf(file.path)), file)) ||
        folder.companions.some((file) => stamps.get(refOf(file.path))?.missingSince),
    );
    const looked = new Set(busy);
    for (const folder of batch) survey.seen += folder.audio.length;
    for (const folder of batch)
      if (!looked.has(folder)) survey.sorted.unchanged += folder.audio.length;
    batch = [];
    files = 0;
    if (busy.length === 0) return;
    const known = await repo.libraryFiles.knownFiles(
      busy.flatMap((f) => [...f.audio, ...f.companions].map((x) => refOf(x.path))),
    );
    const sorted = sortAudio(busy, known, refOf);
    survey.sorted.fresh.push(...sorted.fresh);
    survey.sorted.changed.push(...sorted.changed);
    survey.sorted.returned.push(...sorted.returned);
    survey.sorted.unchanged += sorted.unchanged;
    survey.companionsBack.push(...returnedCompanions(busy, known, refOf));
    survey.folders.push(...busy);
    for (const [path, row] of known) survey.known.set(path, row);
  };
  for await (const folder of walkFolders(root, log)) {
    batch.push(folder);
    files += folder.audio.length + folder.companions.length;
    if (files >= BATCH_FILES) await flush();
  }
  await flush();
  const unread = new Set(log.unread);
  survey.rootUnread = unread.has(root);
  const covered = (path: string) => {
    for (let p = path; p.length > root.length; p = dirname(p)) if (unread.has(p)) return true;
    return survey.rootUnread;
  };
  if (!inPlace) return survey;
  const vanished: number[] = [];
  for await (const page of repo.libraryFiles.stamps.presentUnder(root)) {
    survey.expected += page.length;
    for (const row of page)
      if (!seenIds.has(row.fileId) && !covered(row.path)) vanished.push(row.fileId);
  }
  survey.vanished = await repo.libraryFiles.knownByIds(vanished);
  return survey;
}
