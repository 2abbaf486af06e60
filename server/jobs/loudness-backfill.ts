import { measureLoudness, type Loudness } from '../media/loudness';
import type { CatalogueWriteRepository } from '../modules/catalogue/catalogue-write.repository';
import type { StoredFiles } from '../storage/stored-files';

/** A file ffmpeg fails on this many times (one try per run) is left unmeasured for good. */
export const LOUDNESS_MAX_ATTEMPTS = 3;
const BATCH = 32;

export interface BackfillReport {
  measured: number;
  failed: number;
}

export interface BackfillOptions {
  /** Stops between files (the server is closing). */
  signal?: AbortSignal;
  /** The measure of ffmpeg's input (a path or a URL); tests and the bench may pass their own. */
  measure?: (input: string) => Promise<Loudness>;
  /**
   * Where the rows' files are: a row holds a storage key on object storage, which ffmpeg reads
   * through StoredFiles.ffmpegInput (a presigned URL). Without it a row's path is opened as is.
   */
  files?: StoredFiles;
}

/**
 * Measures the tracks imported before loudness was (migration 0011), oldest first, one file at
 * a time so playback and imports keep the CPU. Progress is the table itself: a restart resumes
 * where the last run stopped. The cursor only moves forward, so a file that fails is tried once
 * per run and given up after LOUDNESS_MAX_ATTEMPTS runs: the job can never spin on it.
 */
export async function backfillLoudness(
  repo: CatalogueWriteRepository,
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  const measure = options.measure ?? measureLoudness;
  const report: BackfillReport = { measured: 0, failed: 0 };
  let after = 0;
  for (;;) {
    const files = await repo.filesWithoutLoudness(after, BATCH, LOUDNESS_MAX_ATTEMPTS);
    if (files.length === 0) return report;
    for (const { fileId, path } of files) {
      if (options.signal?.aborted) return report;
      after = fileId;
      let result: Loudness | null = null;
      try {
        result = await measure(options.files ? await options.files.ffmpegInput(path) : path);
      } catch {
        // Missing or unreadable file: counted as an attempt below, reported in the total.
      }
      await repo.setLoudness(fileId, result);
      report[result ? 'measured' : 'failed'] += 1;
    }
  }
}

/** Runs the backfill once, `delayMs` after start (the first requests come first). */
export function startLoudnessBackfill(
  repo: CatalogueWriteRepository,
  log: (line: string) => void,
  delayMs: number,
  files?: StoredFiles,
): { stop(): void } {
  const abort = new AbortController();
  const timer = setTimeout(() => {
    backfillLoudness(repo, { signal: abort.signal, files })
      .then(({ measured, failed }) => {
        if (measured + failed > 0)
          log(`Loudness backfill: ${measured} tracks measured, ${failed} could not be read`);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) log(`Loudness backfill stopped: ${(error as Error).message}`);
      });
  }, delayMs);
  timer.unref();
  return {
    stop() {
      clearTimeout(timer);
      abort.abort();
    },
  };
}
