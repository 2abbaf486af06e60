import { spawn } from 'node:child_process';

/**
 * Runs `work` while another process keeps one core busy (a loop that never yields): the machine
 * of a listener who is doing something else (issue 47). The loop stops when `work` ends.
 */
export async function withBusyCore<T>(work: () => Promise<T>): Promise<T> {
  const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    busy.kill('SIGKILL');
  }
}
