import { analyseAudio } from '../media/analysis';
import type { Loudness } from '../media/loudness';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import type { StoredFiles } from '../storage/stored-files';

/** A file ffmpeg fails on this many times (one try per run) is left unmeasured for good. */
export const LOUDNESS_MAX_ATTEMPTS = 3;
const BATCH = 32;

/**
 * The loudness of one file as background work: through the analysis slots at its lower CPU
 * priority (server/media/analysis.ts), like a new file's, so a backfill of a large library
 * never slows the requests beside it.
 */
async function measureInBackground(path: string): Promise<Loudness> {
  const { loudness } = await analyseAudio(path, { waveform: false, loudness: true });
  if (loudness === null) throw new Error(`ffmpeg measured no loudness in ${path}`);
  return loudness;
}

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

export interface BatchReport extends BackfillReport {
  /** The cursor of the next batch; null when no file is left after this one. */
  next: number | null;
}

/**
 * Measures up to one batch of the files after `after` that have no loudness yet, one file at a
 * time so playback and imports keep the CPU. Stops between files when `signal` fires, with
 * `next` where it stopped.
 */
export async function backfillLoudnessBatch(
  repo: CatalogueWriteRepository,
  after: number,
  options: BackfillOptions = {},
): Promise<BatchReport> {
  const measure = options.measure ?? measureInBackground;
  const report: BatchReport = { measured: 0, failed: 0, next: null };
  const files = await repo.filesWithoutLoudness(after, BATCH, LOUDNESS_MAX_ATTEMPTS);
  for (const { fileId, path } of files) {
    if (options.signal?.aborted) return report;
    let result: Loudness | null = null;
    try {
      result = await measure(options.files ? await options.files.ffmpegInput(path) : path);
    } catch {
      // Missing or unreadable file: counted as an attempt below, reported in the total.
    }
    await repo.setLoudness(fileId, result);
    report[result ? 'measured' : 'failed'] += 1;
    report.next = fileId;
  }
  if (files.length < BATCH) report.next = null;
  return report;
}

/**
 * Measures the tracks imported before loudness was (migration 0011), oldest first. Progress is
 * the table itself: a restart resumes where the last run stopped. The cursor only moves
 * forward, so a file that fails is tried once per run and given up after
 * LOUDNESS_MAX_ATTEMPTS runs: the job can never spin on it.
 */
export async function backfillLoudness(
  repo: CatalogueWriteRepository,
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  const report: BackfillReport = { measured: 0, failed: 0 };
  let after: number | null = 0;
  while (after !== null && !options.signal?.aborted) {
    const batch = await backfillLoudnessBatch(repo, after, options);
    report.measured += batch.measured;
    report.failed += batch.failed;
    after = batch.next;
  }
  return report;
}
