import { dirname } from 'node:path';
import type { PostActionContext, PostActionSpec } from '../../node/contracts';
import { fileInfo } from '../../storage/folder-reads';
import type { StoredFiles } from '../../storage/stored-files';
import { ensureFolder, removeFile } from '../../storage/work-files';
import type { RunPostActions } from '../uploads';

/**
 * Runs post-import actions on a collection's files wherever they are kept. The actions work on
 * paths in one folder (they tag in place, delete a low-quality file, add one beside the rest),
 * so on object storage each object is first copied to the path it came from under DATA_DIR
 * (the collection's folder), the actions run there, and the folder is then put back: a copy
 * the actions changed replaces its object whole, one they removed removes its object, and one
 * they left alone is dropped unsent. Files the actions added stay in the folder, where the
 * import that follows finds and keeps them like any new upload. On a local folder the files
 * are the paths already and the actions run on them as before.
 */
export async function runPostActionsOnStored(
  files: StoredFiles,
  refs: string[],
  actions: PostActionSpec[],
  ctx: PostActionContext,
  run: RunPostActions,
): Promise<void> {
  if (files.storage.kind === 'local') {
    await run(refs, actions, ctx);
    return;
  }
  const copies: Array<{ ref: string; path: string; size: number; mtimeMs: number }> = [];
  try {
    for (const ref of refs) {
      const path = files.pathFor(ref);
      await ensureFolder(dirname(path));
      await files.copyTo(ref, path);
      const info = await fileInfo(path);
      copies.push({ ref, path, size: info.size, mtimeMs: info.mtimeMs });
    }
    await run(
      copies.map((copy) => copy.path),
      actions,
      ctx,
    );
    for (const copy of copies) {
      const after = await fileInfo(copy.path).catch(() => null);
      if (after === null) await files.remove(copy.ref);
      else if (after.size !== copy.size || after.mtimeMs !== copy.mtimeMs)
        await files.keep(copy.path);
    }
  } finally {
    // Whatever is left of the copies (unchanged, or after a failure) is not the stored file.
    for (const copy of copies) await removeFile(copy.path);
  }
}
