import { readFile } from 'node:fs/promises';
import { treeOf } from './process-tree-memory';

/** CPU seconds (user + system) of each process in a tree, by pid, with the process's name. */
export async function treeCpu(
  root: number,
): Promise<Map<number, { name: string; seconds: number }>> {
  const cpu = new Map<number, { name: string; seconds: number }>();
  for (const pid of await treeOf(root)) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue; // ended meanwhile
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpu.set(pid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
  }
  return cpu;
}

/**
 * The share of one core each server process used between two readings, over `seconds` of
 * wall time: the node processes (the primary and its workers with PROCESSES) one by one, and
 * everything in the tree together (ffmpeg included). A process that ended meanwhile is left
 * out of both: its last reading is gone with it.
 */
export function cpuBetween(
  before: Map<number, { name: string; seconds: number }>,
  after: Map<number, { name: string; seconds: number }>,
  seconds: number,
): { total: number; perProcess: number[] } {
  let total = 0;
  const perProcess: number[] = [];
  for (const [pid, now] of after) {
    const used = (now.seconds - (before.get(pid)?.seconds ?? 0)) / seconds;
    total += used;
    if (now.name === 'node' || now.name.startsWith('node')) perProcess.push(used);
  }
  return { total, perProcess: perProcess.sort((a, b) => b - a) };
}
