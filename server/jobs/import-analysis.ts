import { availableParallelism } from 'node:os';
import { analyseAudio, type AnalysisParts } from '../media/analysis';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import { mapLimited } from './map-limited';

export interface NewAudio {
  fileId: number;
  path: string;
}

/**
 * The import's last step: waveform peaks and loudness of the files it added, one decode per
 * file for both (they were two, the meter's pass and the waveform's). Each failure is a
 * problem of the import, under the part's name as before; a failed or skipped-by-error measure
 * is written as an attempt, so the loudness backfill tries it again later.
 */
export async function analyseNewAudio(
  repo: CatalogueWriteRepository,
  files: NewAudio[],
  parts: AnalysisParts,
  input: (ref: string) => Promise<string>,
  problem: (path: string, part: keyof AnalysisParts, error: unknown) => void,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  if (!parts.waveform && !parts.loudness) return;
  if (files.length > 0) onProgress?.(0, files.length);
  let done = 0;
  await mapLimited(files, availableParallelism(), async ({ fileId, path }) => {
    await analyseOne(repo, fileId, path, parts, input, problem);
    onProgress?.(++done, files.length);
  });
}

async function analyseOne(
  repo: CatalogueWriteRepository,
  fileId: number,
  path: string,
  parts: AnalysisParts,
  input: (ref: string) => Promise<string>,
  problem: (path: string, part: keyof AnalysisParts, error: unknown) => void,
): Promise<void> {
  let analysis = null;
  try {
    analysis = await analyseAudio(await input(path), parts);
  } catch (error) {
    for (const part of ['waveform', 'loudness'] as const) {
      if (parts[part]) problem(path, part, error);
    }
  }
  if (parts.waveform && analysis?.peaks) {
    try {
      await repo.setWaveform(fileId, analysis.peaks);
    } catch (error) {
      problem(path, 'waveform', error);
    }
  }
  if (parts.loudness) await repo.setLoudness(fileId, analysis?.loudness ?? null);
}
