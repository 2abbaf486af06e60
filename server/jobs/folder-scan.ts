import { basename, dirname, extname, join } from 'node:path';
import { isAudioPath } from '../media/audio-tags';
import { fileInfo, listFolder } from '../storage/folder-reads';

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
}

const LYRICS_SIDECARS = ['.lrc', '.txt'];

/** The lyrics sidecar beside an audio file, by its base name (as lyrics-files.ts finds it). */
async function withSidecar(file: ScannedFile, names: Map<string, string>): Promise<ScannedFile> {
  const base = basename(file.path, extname(file.path)).toLowerCase();
  const name = LYRICS_SIDECARS.map((ext) => names.get(base + ext)).find(Boolean);
  if (name === undefined) return file;
  const info = await fileInfo(join(dirname(file.path), name));
  const stampMs = Math.max(file.mtimeMs, Math.floor(info.mtimeMs));
  return { ...file, stampBytes: file.size + info.size, stampMs };
}

export interface ScannedFolder {
  dir: string;
  audio: ScannedFile[];
  companions: ScannedFile[];
}

/**
 * Lists every folder under `root` with its audio and companion files. Hidden entries and
 * symbolic links are skipped so a scan never leaves the tree or loops.
 */
export async function scanFolder(root: string): Promise<ScannedFolder[]> {
  const folders: ScannedFolder[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const entries = await listFolder(dir);
    const folder: ScannedFolder = { dir, audio: [], companions: [] };
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || entry.kind === 'link') continue;
      const path = entry.path;
      if (entry.kind === 'folder') {
        pending.push(path);
        continue;
      }
      if (entry.kind !== 'file') continue;
      const isAudio = isAudioPath(path);
      if (!isAudio && !COMPANION_EXTENSIONS.has(extname(path).toLowerCase())) continue;
      const info = await fileInfo(path);
      const mtimeMs = Math.floor(info.mtimeMs);
      const file = {
        path,
        size: info.size,
        modifiedAt: info.mtime.toISOString(),
        mtimeMs,
        stampBytes: info.size,
        stampMs: mtimeMs,
      };
      (isAudio ? folder.audio : folder.companions).push(file);
    }
    const names = new Map(entries.map((e) => [e.name.toLowerCase(), e.name]));
    folder.audio = await Promise.all(folder.audio.map((file) => withSidecar(file, names)));
    if (folder.audio.length > 0 || folder.companions.length > 0) folders.push(folder);
  }
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
