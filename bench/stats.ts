export interface Timing {
  p50: number;
  p95: number;
  mean: number;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

/** Runs `work` `warmup` times unmeasured, then `runs` times, returning milliseconds per run. */
export async function measure(
  runs: number,
  work: () => Promise<unknown>,
  warmup = 10,
): Promise<Timing> {
  for (let i = 0; i < warmup; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

export const ms = (value: number): string => `${value.toFixed(2)} ms`;
