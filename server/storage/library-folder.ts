import { opendir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

/*
 * A library folder as the owner names it (issue 46): checked before it is added, and again
 * before each scan (a MUSIC_DIR from the configuration is never checked at a form). The words
 * are the administrator's: they say what is wrong and what to type instead.
 */

/** Why a folder cannot be a library; `conflict` when another library already is that folder. */
export class LibraryFolderProblem extends Error {
  constructor(
    message: string,
    readonly conflict = false,
  ) {
    super(message);
  }
}

/** Whether `inner` is `outer` or a folder below it (both absolute and resolved). */
export function isWithin(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The folder's real path (links resolved), or the problem in words. */
async function realFolder(path: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES') throw new LibraryFolderProblem(`The server may not open ${path}`);
    if (code === 'ELOOP') throw new LibraryFolderProblem(`${path} is a loop of symbolic links`);
    throw new LibraryFolderProblem(`There is no folder at ${path}`);
  }
  if (!(await stat(real)).isDirectory())
    throw new LibraryFolderProblem(`${path} is a file, not a folder`);
  return real;
}

/**
 * The checked, real path of a folder to scan: absolute, existing, a folder, neither inside
 * DATA_DIR (the server's own files would be imported, and a backup would hold music) nor
 * holding it. Throws a LibraryFolderProblem with the words for the administrator.
 */
export async function checkScanFolder(path: string, dataDir: string): Promise<string> {
  if (!isAbsolute(path))
    throw new LibraryFolderProblem(
      `"${path}" is a relative path: give the whole path from /, like /srv/music`,
    );
  const real = await realFolder(path);
  const data = await realpath(dataDir).catch(() => dataDir);
  if (isWithin(data, real))
    throw new LibraryFolderProblem(
      `${path} is inside the server's data folder (DATA_DIR): keep music outside it`,
    );
  if (isWithin(real, data))
    throw new LibraryFolderProblem(
      `${path} holds the server's data folder (DATA_DIR): choose the music folder itself`,
    );
  return real;
}

/**
 * checkScanFolder, and not the folder of another library nor inside or around one (a file
 * must belong to one library, so one role rule decides who sees it).
 */
export async function checkNewLibraryFolder(
  path: string,
  dataDir: string,
  others: ReadonlyArray<{ name: string; path: string }>,
): Promise<string> {
  const real = await checkScanFolder(path, dataDir);
  for (const other of others) {
    const theirs = await realpath(other.path).catch(() => other.path);
    if (theirs === real)
      throw new LibraryFolderProblem(`${path} is already the library "${other.name}"`, true);
    if (isWithin(theirs, real))
      throw new LibraryFolderProblem(`${path} is inside the library "${other.name}"`);
    if (isWithin(real, theirs))
      throw new LibraryFolderProblem(`${path} holds the library "${other.name}"`);
  }
  return real;
}

/**
 * Whether a library's folder is gone or empty (an unmounted disk): the admin screens warn when
 * it is while tracks are known. Reads one entry at most.
 */
export async function folderLooksEmpty(path: string): Promise<boolean> {
  try {
    const dir = await opendir(path);
    try {
      return (await dir.read()) === null;
    } finally {
      await dir.close().catch(() => undefined);
    }
  } catch {
    return true;
  }
}
