import { readdir, readFile } from 'node:fs/promises';

/** Resident memory of a process tree, in bytes, split the way the kernel accounts for it. */
export interface TreeMemory {
  /** Every process counted: the root and its descendants (ffmpeg, workers), with names. */
  processes: Array<{ pid: number; name: string; rss: number }>;
  rss: number;
  /** Heap, stacks, V8 and SQLite page cache: memory nothing else could page back in. */
  anon: number;
  /** Mapped files (code, libraries, SQLite's mmap of the database): reclaimable by the kernel. */
  file: number;
  shmem: number;
  /** Proportional set size from smaps_rollup: shared pages divided among their sharers. */
  pss: number;
}

const kib = (text: string, field: string): number =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;

/** The pid and every descendant, read from each process's parent in /proc/<pid>/stat. */
export async function treeOf(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null);
    // Fields after the command name, which may itself hold spaces: state, then the parent.
    if (stat !== null)
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1)
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** Sums /proc/<pid>/status (RssAnon, RssFile, RssShmem) and smaps_rollup (Pss) over the tree. */
export async function treeMemory(root: number): Promise<TreeMemory> {
  const total: TreeMemory = { processes: [], rss: 0, anon: 0, file: 0, shmem: 0, pss: 0 };
  for (const pid of await treeOf(root)) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
    if (status === null) continue; // ended meanwhile
    const anon = kib(status, 'RssAnon');
    const file = kib(status, 'RssFile');
    const shmem = kib(status, 'RssShmem');
    const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
    total.processes.push({ pid, name, rss: anon + file + shmem });
    total.anon += anon;
    total.file += file;
    total.shmem += shmem;
    total.rss += anon + file + shmem;
    total.pss += kib(rollup, 'Pss');
  }
  return total;
}
