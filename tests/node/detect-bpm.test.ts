import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTags } from '../../server/media/tag-writer';
import { measureBpm } from '../../server/node/post-actions/detect-bpm';
import { runPostActions } from '../../server/node/post-actions/run-post-actions';
import { actionContext, clickTrack, generate, scratchDir } from './post-action-helpers';

let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.cleanup();
});

const path = (name: string) => join(scratch.dir, name);

describe('detectBPM', () => {
  it('measures generated click tracks within 1 BPM', async () => {
    const signal = new AbortController().signal;
    for (const bpm of [100, 128]) {
      const file = await generate(clickTrack(bpm), path(`measure-${bpm}.flac`));
      const measured = await measureBpm(file, signal);
      expect(Math.abs((measured ?? 0) - bpm)).toBeLessThanOrEqual(1);
    }
  });

  it('writes TBPM, BPM and tmpo where none is present, readable by music-metadata', async () => {
    const mp3 = await generate(clickTrack(128), path('click-128.mp3'), ['-b:a', '192k']);
    const flac = await generate(clickTrack(100), path('click-100.flac'));
    const m4a = await generate(clickTrack(128), path('click-128.m4a'), ['-c:a', 'aac']);
    const tagged = await generate(clickTrack(128), path('tagged.flac'), ['-metadata', 'BPM=90']);
    const { ctx, lines } = actionContext();
    const files = [mp3, flac, m4a, tagged];
    expect(await runPostActions(files, [{ name: 'detectBPM' }], ctx)).toEqual(files);
    expect((await parseFile(mp3)).common.bpm).toBe(128);
    expect((await parseFile(flac)).common.bpm).toBe(100);
    expect((await parseFile(m4a)).common.bpm).toBe(128);
    expect((await readTags(mp3)).textTags.bpm).toEqual(['128']);
    // A file that already has a BPM keeps it: the tagger's value wins over a measurement.
    expect((await parseFile(tagged)).common.bpm).toBe(90);
    expect(lines).toEqual([
      'detectBPM: click-128.mp3 128 BPM',
      'detectBPM: click-100.flac 100 BPM',
      'detectBPM: click-128.m4a 128 BPM',
    ]);
  });
});
