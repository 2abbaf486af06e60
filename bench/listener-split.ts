/**
 * The listener load spread over several load processes (BENCH_LOAD_PROCESSES, default 1): one
 * Node process driving thousands of sockets can lag on its own and report the server's stalls
 * that are its own. Each child runs its share of listeners (listener-child.ts); this process
 * runs the searchers, so search times are measured on a loop that drives no listener.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { runListenerLoad, type LoadFigures, type LoadTarget } from './listener-load';

/** BENCH_RAMP_SECONDS: over how long a step's listeners start (5 s: a crowd pressing play). */
export const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 5);

export interface ChildOrder {
  target: LoadTarget;
  listeners: number;
  seconds: number;
  /** This child's first listener index, so children start on different tracks. */
  offset: number;
  /** Its listeners read as fast as the server sends (wrk-like). */
  fullSpeed: boolean;
}

function runChild(order: ChildOrder): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'listener-child.ts'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (figures) => resolve(figures as LoadFigures));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a load process ended with ${code}`));
    });
    child.send(order);
  });
}

/** Sums the children's counts; a percentile over children is the worst child's (an upper bound). */
function merge(parts: LoadFigures[], searches: LoadFigures): LoadFigures {
  const sum = (pick: (f: LoadFigures) => number) => parts.reduce((a, f) => a + pick(f), 0);
  const max = (pick: (f: LoadFigures) => number) => Math.max(...parts.map(pick));
  return {
    ...searches,
    listeners: sum((f) => f.listeners),
    streamsStarted: sum((f) => f.streamsStarted),
    streamErrors: sum((f) => f.streamErrors),
    bytes: sum((f) => f.bytes),
    stallsOver1s: sum((f) => f.stallsOver1s),
    stallsBeforeFirstByte: sum((f) => f.stallsBeforeFirstByte),
    stallsAfterRamp: sum((f) => f.stallsAfterRamp),
    longestWaitMs: max((f) => f.longestWaitMs),
    firstByteP50: max((f) => f.firstByteP50),
    firstByteP99: max((f) => f.firstByteP99),
    clientLagP99: Math.max(
      searches.clientLagP99,
      max((f) => f.clientLagP99),
    ),
    clientCpu: searches.clientCpu + sum((f) => f.clientCpu),
  };
}

export async function runSplitLoad(
  target: LoadTarget,
  listeners: number,
  seconds: number,
  processes: number,
  fullSpeed = false,
): Promise<LoadFigures> {
  // Full-speed readers always run apart: a loop moving gigabits would delay the searchers'
  // own answers and report that as the server's search time.
  if (processes <= 1 && !fullSpeed)
    return runListenerLoad(target, listeners, seconds, RAMP_SECONDS);
  const count = Math.max(1, processes);
  const share = Math.ceil(listeners / count);
  const children = Array.from({ length: count }, (_, i) =>
    runChild({
      target,
      listeners: Math.min(share, listeners - i * share),
      seconds,
      offset: i * share,
      fullSpeed,
    }),
  );
  // The searchers open their connections now and start measuring with the children's listeners.
  const searches = runListenerLoad(target, 0, seconds, RAMP_SECONDS);
  const [parts, searched] = await Promise.all([Promise.all(children), searches]);
  return merge(parts, searched);
}
