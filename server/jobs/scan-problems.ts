/*
 * The words a scan's summary (the import report's `problems`) gives an administrator for what
 * a library folder holds that cannot be imported (issue 46, "bad input"). node:fs's own message
 * ("EACCES: permission denied, open '…'") names a system call; these say what is wrong and what
 * to do, and the scan goes on past each.
 */

export interface ScanProblem {
  path: string;
  error: string;
}

/** Linux's limits: a name of at most 255 bytes, a path of at most 4,096 (PATH_MAX). */
const LIMITS = 'Linux allows 255 bytes per name and 4,096 per path';

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code;

export const NOT_UTF8 =
  'the name is not valid UTF-8 (shown with its bad bytes as \\xNN): rename it; it is skipped';

/** A folder that could not be listed: what it holds is neither imported nor marked missing. */
export function folderProblem(error: unknown): string {
  const code = codeOf(error);
  if (code === 'EACCES' || code === 'EPERM')
    return "no permission to read this folder: give the server's user read and execute access; its files are skipped and none of them is marked missing";
  if (code === 'ENAMETOOLONG')
    return `the path is too long to open (${LIMITS}): shorten it; its files are skipped`;
  if (code === 'ELOOP') return 'a loop of symbolic links: its files are skipped';
  return `this folder could not be read (${(error as Error).message}); its files are skipped and none of them is marked missing`;
}

/** A file the scan could not look at or read: skipped this time, its row (if any) kept. */
export function fileProblem(error: unknown): string {
  const code = codeOf(error);
  if (code === 'EACCES' || code === 'EPERM')
    return "no permission to read this file: give the server's user read access; it is skipped";
  if (code === 'ENAMETOOLONG') return `the path is too long to open (${LIMITS}): shorten it`;
  if (code === 'EISDIR') return 'not a file (a folder with an audio file name): it is skipped';
  if (code === 'ENOENT') return 'the file was removed while it was being read: it is skipped';
  return (error as Error).message;
}

/** A symbolic link (never followed, decision 0057): why, and when it is a loop, that it is. */
export function linkProblem(kind: 'self' | 'ancestor' | 'folder' | 'file', target: string): string {
  const skipped = 'symbolic links are not followed, so a scan never leaves the folder or loops';
  switch (kind) {
    case 'self':
      return `a symbolic link loop (the link leads to itself): ${skipped}`;
    case 'ancestor':
      return `a symbolic link loop (it leads back to ${target}, a folder that holds it): ${skipped}`;
    case 'folder':
      return `a symbolic link to the folder ${target}: ${skipped}; move the folder here or mount it instead`;
    case 'file':
      return `a symbolic link to ${target}: ${skipped}; copy or hard-link the file instead`;
  }
}

export const CHANGED_WHILE_READ =
  'the file changed while it was being read (replaced or still being written): it is read again at the next scan';
