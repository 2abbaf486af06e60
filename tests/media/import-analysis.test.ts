import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseNewAudio } from '../../server/jobs/import-analysis';
import type { Loudness } from '../../server/media/loudness';
import type { CatalogueWriteRepository } from '../../server/modules/catalogue';
import { writeTone } from '../helpers/audio';

/** Only the two writes the analysis makes, recorded. */
function recordingRepo() {
  const waveforms = new Map<number, number[]>();
  const loudness = new Map<number, Loudness | null>();
  const repo = {
    setWaveform: (fileId: number, peaks: number[]) => Promise.resolve(waveforms.set(fileId, peaks)),
    setLoudness: (fileId: number, value: Loudness | null) =>
      Promise.resolve(loudness.set(fileId, value)),
  } as unknown as CatalogueWriteRepository;
  return { repo, waveforms, loudness };
}

describe("the import's analysis of new files", () => {
  let dir: string;
  let tone: string;
  const asIs = (ref: string) => Promise.resolve(ref);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'musicbox-import-analysis-'));
    tone = join(dir, 'tone.flac');
    await writeTone(tone, { seconds: 2 });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes peaks and loudness of each file; a file it cannot read is two problems', async () => {
    const { repo, waveforms, loudness } = recordingRepo();
    const problems: string[] = [];
    const missing = join(dir, 'missing.flac');
    await analyseNewAudio(
      repo,
      [
        { fileId: 1, path: tone },
        { fileId: 2, path: missing },
      ],
      { waveform: true, loudness: true },
      asIs,
      (path, part) => problems.push(`${part} ${path}`),
    );
    expect(waveforms.get(1)).toHaveLength(400);
    expect(loudness.get(1)?.integrated).toBeLessThan(-10);
    expect(waveforms.has(2)).toBe(false);
    // Written as a failed attempt, so the backfill tries it again.
    expect(loudness.get(2)).toBeNull();
    expect(problems.sort()).toEqual([`loudness ${missing}`, `waveform ${missing}`]);
  });

  it('writes only the part asked for', async () => {
    const { repo, waveforms, loudness } = recordingRepo();
    await analyseNewAudio(
      repo,
      [{ fileId: 1, path: tone }],
      { waveform: false, loudness: true },
      asIs,
      () => {},
    );
    expect(waveforms.size).toBe(0);
    expect(loudness.get(1)).not.toBeNull();
    const none = recordingRepo();
    await analyseNewAudio(
      none.repo,
      [{ fileId: 1, path: tone }],
      { waveform: false, loudness: false },
      asIs,
      () => {},
    );
    expect(none.waveforms.size + none.loudness.size).toBe(0);
  });
});
