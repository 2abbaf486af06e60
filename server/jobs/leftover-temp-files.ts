import { join } from 'node:path';
import { linkInfo, listFolder, realPath } from '../storage/folder-reads';
import { removeFile } from '../storage/work-files';

/**
 * Temporary names the server writes before renaming a finished file into place, by the DATA_DIR
 * folder they are written in. Only a process killed mid-write (kill -9, power loss) leaves one
 * behind: every other failure removes its own. Hand-overs from nodes (`.part-` files under
 * media/downloads/ingest) are swept by the ingest service itself.
 */
const LEFTOVERS: ReadonlyArray<{ folder: string; name: RegExp; writer: string }> = [
  // The image store's writes (LocalStorage.write): covers, thumbnails, Subsonic's sized covers.
  { folder: 'images', name: /\.[0-9a-f]{12}\.tmp$/, writer: 'image store' },
  // The transcoder's tempName: `<cache file>.tmp-<12 hex>`.
  { folder: 'cache', name: /\.tmp-[0-9a-f]{12}$/, writer: 'transcode cache' },
  // POST /api/upload (uploads.service): `.part-<32 hex>` in DATA_DIR/uploads.
  { folder: 'uploads', name: /^\.part-[0-9a-f]{32}$/, writer: 'member uploads' },
  // Multipart and tus library uploads (file-intake's tempPathIn) into collection folders.
  { folder: 'media', name: /^\.upload-[\w-]{43}\.part$/, writer: 'library uploads' },
  // Tag rewrites (tag-writer): `.<file>.tags-<12 hex>` and its cover beside it.
  { folder: 'media', name: /^\..+\.tags-[0-9a-f]{12}(\.cover\.\w+)?$/, writer: 'tag writer' },
];

export interface SweepResult {
  removed: string[];
}

/**
 * Removes what a killed process left half-written under DATA_DIR. Safe to run while the server
 * already answers requests: only files last written before this process started are taken (a
 * temporary file of this process is newer), only under the folders above, and symlinks are never
 * followed or removed, so nothing outside the server's own folders is reached.
 */
export async function sweepLeftoverTempFiles(
  dataDir: string,
  startedAt: number,
): Promise<SweepResult> {
  const removed: string[] = [];
  const folders = [...new Set(LEFTOVERS.map((rule) => rule.folder))];
  for (const folder of folders) {
    const names = LEFTOVERS.filter((rule) => rule.folder === folder).map((rule) => rule.name);
    const root = join(dataDir, folder);
    // The folder itself may be a symlink the operator set up (another disk): it is still ours.
    const real = await realPath(root).catch(() => null);
    if (real === null) continue;
    await walk(real, async (path, name) => {
      if (!names.some((pattern) => pattern.test(name))) return;
      const info = await linkInfo(path).catch(() => null);
      if (info === null || info.kind !== 'file' || info.mtimeMs >= startedAt) return;
      await removeFile(path);
      removed.push(path);
    });
  }
  return { removed };
}

/** Every regular file under `dir`, without entering symlinked folders. */
async function walk(dir: string, visit: (path: string, name: string) => Promise<void>) {
  const entries = await listFolder(dir).catch(() => []);
  for (const entry of entries) {
    // Entry types are the entries' own: a symlink is neither a folder nor a file here.
    if (entry.kind === 'folder') await walk(entry.path, visit);
    else if (entry.kind === 'file') await visit(entry.path, entry.name);
  }
}
