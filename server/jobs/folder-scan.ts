import { basename, dirname, extname, join } from 'node:path';
import { isAudioPath } from '../media/audio-tags';
import { fileInfo, listFolderRaw, realPath, type RawFolderEntry } from '../storage/folder-reads';
import { mapLimited } from './map-limited';
import {
  fileProblem,
  folderProblem,
  linkProblem,
  NOT_UTF8,
  type ScanProblem,
} from './scan-problems';

/** Files kept beside the audio even though they carry no sound (admins see them). */
const COMPANION_EXTENSIONS = new Set([
  '.cue',
  '.log',
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.txt',
  '.nfo',
  '.m3u',
  '.m3u8',
]);
const COVER_NAMES = ['cover', 'folder', 'front', 'album', 'artwork'];

export interface ScannedFile {
  path: string;
  size: number;
  modifiedAt: string;
  /** The same instant in ms. */
  mtimeMs: number;
  /**
   * What a rescan compares with the stored stat (decision 0056): the file's size and mtime with
   * its lyrics sidecar's folded in (sizes added, the later mtime), so a sidecar added, edited or
   * removed reads the track again though its audio file is untouched.
   */
  stampBytes: number;
  stampMs: number;
  /** The inode: a file renamed over this one while it is read has another (steady-read.ts). */
  ino: number;
  /** The lyrics sidecar folded into the stamp, if any. */
  sidecar?: string;
}

const LYRICS_SIDECARS = ['.lrc', '.txt'];

/** What the disk says of an audio or companion file now, its sidecar's stat folded in. */
export async function statFile(path: string, sidecar?: string): Promise<ScannedFile> {
  const info = await fileInfo(path);
  if (info.kind !== 'file') throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
  const mtimeMs = Math.floor(info.mtimeMs);
  const file = {
    path,
    size: info.size,
    modifiedAt: info.mtime.toISOString(),
    mtimeMs,
    stampBytes: info.size,
    stampMs: mtimeMs,
    ino: info.ino,
  };
  // A sidecar that cannot be looked at (gone meanwhile, unreadable) is as good as none.
  const lyrics = sidecar === undefined ? null : await fileInfo(sidecar).catch(() => null);
  if (lyrics === null) return file;
  const stampMs = Math.max(mtimeMs, Math.floor(lyrics.mtimeMs));
  return { ...file, stampBytes: info.size + lyrics.size, stampMs, sidecar };
}

/** The lyrics sidecar beside an audio file, by its base name (as lyrics-files.ts finds it). */
function sidecarOf(path: string, names: Map<string, string>): string | undefined {
  const base = basename(path, extname(path)).toLowerCase();
  const name = LYRICS_SIDECARS.map((ext) => names.get(base + ext)).find(Boolean);
  return name === undefined ? undefined : join(dirname(path), name);
}

export interface ScannedFolder {
  dir: string;
  audio: ScannedFile[];
  companions: ScannedFile[];
}

/** What a walk could not take in, for the scan's summary. */
export interface WalkLog {
  problems: ScanProblem[];
  /**
   * Folders and files that are there but could not be looked at this time: the rows under
   * them are neither changed nor marked missing (a permission slip must not hide an album).
   */
  unread: string[];
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;
const isWanted = (name: string) =>
  isAudioPath(name) || COMPANION_EXTENSIONS.has(extname(name).toLowerCase());
// One collator for the whole walk: localeCompare builds one per call (slow on 50,000 names).
const byName = new Intl.Collator();

/**
 * Every folder under `root` with its audio and companion files, one at a time, so a library
 * of a million files is never held whole. Hidden entries are skipped; symbolic links are
 * never followed (so a walk never leaves the tree or loops) and reported; an unreadable folder,
 * a name in invalid UTF-8 or a file that cannot be looked at is reported in `log` and the walk
 * goes on. A root that is not there yields nothing (the caller says so).
 */
export async function* walkFolders(root: string, log: WalkLog): AsyncGenerator<ScannedFolder> {
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries: RawFolderEntry[];
    try {
      entries = await listFolderRaw(dir);
    } catch (error) {
      // Gone since its parent was listed, or the root is not there.
      if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') continue;
      log.unread.push(dir);
      log.problems.push({ path: dir, error: folderProblem(error) });
      continue;
    }
    const folder = await readFolder(dir, entries, pending, log);
    if (folder.audio.length > 0 || folder.companions.length > 0) yield folder;
  }
}

async function readFolder(
  dir: string,
  entries: RawFolderEntry[],
  pending: string[],
  log: WalkLog,
): Promise<ScannedFolder> {
  const paths: string[] = [];
  for (const entry of entries.sort((a, b) => byName.compare(a.shown, b.shown))) {
    if (entry.shown.startsWith('.') || entry.kind === 'other') continue;
    if (entry.name === null) {
      if (entry.kind === 'folder' || isWanted(entry.shown))
        log.problems.push({ path: join(dir, entry.shown), error: NOT_UTF8 });
      continue;
    }
    const path = join(dir, entry.name);
    if (entry.kind === 'folder') pending.push(path);
    else if (entry.kind === 'link') await noteLink(path, dir, log);
    else if (isWanted(path)) paths.push(path);
  }
  const names = new Map(entries.flatMap((e) => (e.name ? [[e.name.toLowerCase(), e.name]] : [])));
  // Stats in parallel: on a cold disk a folder of 50,000 files waits on each one otherwise.
  const stats = await mapLimited(paths, 16, async (path) => {
    try {
      return await statFile(path, isAudioPath(path) ? sidecarOf(path, names) : undefined);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return null; // removed meanwhile: gone, as it is
      log.unread.push(path);
      log.problems.push({ path, error: fileProblem(error) });
      return null;
    }
  });
  const folder: ScannedFolder = { dir, audio: [], companions: [] };
  for (const file of stats)
    if (file) (isAudioPath(file.path) ? folder.audio : folder.companions).push(file);
  return folder;
}

/**
 * A symbolic link is not followed; one that would hold music is reported, and a loop (a link
 * to itself, or to a folder that holds it) says so. A link to nothing or to other files is
 * left alone. Each link is one entry of one folder, so it is reported once per scan.
 */
async function noteLink(path: string, dir: string, log: WalkLog): Promise<void> {
  let target;
  try {
    target = await fileInfo(path);
  } catch (error) {
    if (codeOf(error) === 'ELOOP') log.problems.push({ path, error: linkProblem('self', path) });
    return;
  }
  const real = await realPath(path).catch(() => path);
  if (target.kind === 'folder') {
    const here = await realPath(dir).catch(() => dir);
    const loops = here === real || here.startsWith(`${real}/`);
    log.problems.push({ path, error: linkProblem(loops ? 'ancestor' : 'folder', real) });
  } else if (target.kind === 'file' && isWanted(path)) {
    log.problems.push({ path, error: linkProblem('file', real) });
  }
}

/** Every folder under `root` at once (a downloaded collection's folder: small). */
export async function scanFolder(
  root: string,
  log: WalkLog = { problems: [], unread: [] },
): Promise<ScannedFolder[]> {
  const folders: ScannedFolder[] = [];
  for await (const folder of walkFolders(root, log)) folders.push(folder);
  return folders;
}

/** The folder's cover image by its conventional name (cover.jpg, folder.png, ...), if any. */
export function findCoverFile(companions: ScannedFile[]): ScannedFile | undefined {
  const images = companions.filter((f) =>
    ['.jpg', '.jpeg', '.png', '.webp'].includes(extname(f.path).toLowerCase()),
  );
  for (const name of COVER_NAMES) {
    const match = images.find((f) => {
      const base = f.path.slice(f.path.lastIndexOf('/') + 1).toLowerCase();
      return base.slice(0, base.lastIndexOf('.')) === name;
    });
    if (match) return match;
  }
  return undefined;
}
