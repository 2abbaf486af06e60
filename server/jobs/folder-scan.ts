import { extname } from 'node:path';
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
      const file = { path, size: info.size, modifiedAt: info.mtime.toISOString() };
      (isAudio ? folder.audio : folder.companions).push(file);
    }
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
