import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownloadProgress, SourceContext, SourceJob } from '../../server/node/contracts';

export interface RecordingContext extends SourceContext {
  lines: string[];
  progress: (p: DownloadProgress) => void;
  reports: DownloadProgress[];
  remembered: string[];
  abort(): void;
}

/** A SourceContext that keeps what the source told it. */
export function recordingContext(): RecordingContext {
  const controller = new AbortController();
  const ctx: RecordingContext = {
    lines: [],
    reports: [],
    remembered: [],
    log: (line) => ctx.lines.push(line),
    progress: (p) => ctx.reports.push(p),
    remember: (state) => {
      ctx.remembered.push(state);
      return Promise.resolve();
    },
    signal: controller.signal,
    abort: () => controller.abort(),
  };
  return ctx;
}

let nextId = 1;

/** A job into a fresh empty folder; `cleanup` removes it. */
export async function jobFor(
  fields: Partial<SourceJob>,
): Promise<SourceJob & { cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'torrent-job-'));
  return {
    downloadId: nextId++,
    url: '',
    name: null,
    options: {},
    dir,
    ...fields,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export const digest = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/** The promise's error (or null), observed at once so a rejection during another await is handled. */
export function settle(promise: Promise<unknown>): Promise<Error | null> {
  return promise.then(
    () => null,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
}
