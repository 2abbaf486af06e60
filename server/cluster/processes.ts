import { availableParallelism } from 'node:os';

/** At most this many server processes: beyond the cores they only add memory and connections. */
export const MAX_PROCESSES = 64;

/**
 * PROCESSES: how many server processes share the port (decision 0069). A whole number, or
 * `auto` for one per core. Unset means one, the embedded default.
 */
export function parseProcesses(
  raw: string | undefined,
  cores: number = availableParallelism(),
): number {
  const value = raw?.trim() ?? '';
  if (value === '') return 1;
  if (value === 'auto') return Math.max(1, Math.min(cores, MAX_PROCESSES));
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PROCESSES)
    throw new Error(`PROCESSES must be a whole number from 1 to ${MAX_PROCESSES}, or auto`);
  return Number(value);
}

/**
 * This process's share of the cores, for the pools sized by cores (ffmpeg slots, hashing):
 * with N processes on one machine each takes cores / N, so together they still run one
 * ffmpeg per core and not N per core. Read from the environment, which every worker inherits,
 * because those pools are made when their modules load.
 */
export function coreShare(
  cores: number = availableParallelism(),
  env: NodeJS.ProcessEnv = process.env,
): number {
  let processes = 1;
  try {
    processes = parseProcesses(env.PROCESSES, cores);
  } catch {
    // A bad value stops the start with its message (config); until then, one process.
  }
  return Math.max(1, Math.floor(cores / processes));
}
