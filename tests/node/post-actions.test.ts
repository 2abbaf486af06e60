import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTags } from '../../server/media/tag-writer';
import { runPostActions } from '../../server/node/post-actions/run-post-actions';
import { actionContext, generate, noise, scratchDir } from './post-action-helpers';

let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.cleanup();
});

const path = (name: string) => join(scratch.dir, name);

describe('runPostActions', () => {
  it('refuses an unknown action by name before changing anything', async () => {
    const low = await generate(noise(2), path('unknown-128.mp3'), ['-b:a', '128k']);
    const { ctx } = actionContext();
    await expect(
      runPostActions([low], [{ name: 'removeLQ' }, { name: 'makeItLouder' }], ctx),
    ).rejects.toThrow('unknown post-import action: makeItLouder');
    expect(existsSync(low)).toBe(true);
  });

  it('stops before the next action once the download is aborted', async () => {
    const low = await generate(noise(1), path('aborted-128.mp3'), ['-b:a', '128k']);
    const controller = new AbortController();
    controller.abort();
    const { ctx } = actionContext();
    await expect(
      runPostActions([low], [{ name: 'removeLQ' }], { ...ctx, signal: controller.signal }),
    ).rejects.toThrow(/aborted/);
    expect(existsSync(low)).toBe(true);
  });

  it('logs that oneTagger is not available and keeps every file', async () => {
    const file = await generate(noise(1), path('one.flac'));
    const { ctx, lines } = actionContext();
    expect(await runPostActions([file], [{ name: 'oneTagger' }], ctx)).toEqual([file]);
    expect(lines).toContain('oneTagger not available on this server');
  });
});

describe('removeLQ', () => {
  it('removes a 128 kbps MP3, keeps a 320 kbps one, lossless and non-audio files', async () => {
    const low = await generate(noise(2), path('low.mp3'), ['-b:a', '128k']);
    const high = await generate(noise(2), path('high.mp3'), ['-b:a', '320k']);
    // A quiet sine compresses to far below 270 kbps in FLAC: lossless stays anyway.
    const flac = await generate('sine=frequency=440:duration=2', path('quiet.flac'));
    const cover = path('cover.jpg');
    await writeFile(cover, 'not audio');
    const { ctx, lines } = actionContext();
    const kept = await runPostActions([low, high, flac, cover], [{ name: 'removeLQ' }], ctx);
    expect(kept).toEqual([high, flac, cover]);
    expect(existsSync(low)).toBe(false);
    expect(existsSync(high)).toBe(true);
    expect(lines).toEqual(['removeLQ: removed low.mp3 (128 kbps, below 270 kbps)']);
  });

  it('honours options.minBitrate and refuses a bad one', async () => {
    const mid = await generate(noise(2), path('mid.mp3'), ['-b:a', '192k']);
    const { ctx } = actionContext();
    expect(
      await runPostActions([mid], [{ name: 'removeLQ', options: { minBitrate: 160 } }], ctx),
    ).toEqual([mid]);
    await expect(
      runPostActions([mid], [{ name: 'removeLQ', options: { minBitrate: 'high' } }], ctx),
    ).rejects.toThrow('removeLQ: minBitrate must be a positive number of kbps');
    expect(existsSync(mid)).toBe(true);
  });
});

describe('writeTags and removeGenre', () => {
  it('writes the collection into every file, keeping a track artist, and clears genres', async () => {
    const flac = await generate(noise(1), path('tags.flac'), [
      ...['-metadata', 'artist=Track Artist', '-metadata', 'genre=Noise'],
    ]);
    const mp3 = await generate(noise(1), path('tags.mp3'), ['-b:a', '192k']);
    const meta = {
      name: 'Night Drive',
      artists: ['Ana Ruiz', 'Bo Lee'],
      label: 'Sello Azul',
      releaseDate: '2024-05-01',
      genres: ['Techno', 'House'],
    };
    const { ctx, lines } = actionContext(meta);
    await runPostActions([flac, mp3], [{ name: 'writeTags' }], ctx);
    for (const file of [flac, mp3]) {
      const { common } = await parseFile(file);
      expect(common.album).toBe('Night Drive');
      expect(common.albumartist).toBe('Ana Ruiz; Bo Lee');
      expect(common.label).toEqual(['Sello Azul']);
      // ID3v2.3 (what the tag writer uses for MP3) holds the year only.
      expect((await readTags(file)).textTags.date).toEqual([
        file.endsWith('.mp3') ? '2024' : '2024-05-01',
      ]);
      expect(common.genre?.join('; ')).toBe('Techno; House');
    }
    expect((await parseFile(flac)).common.artist).toBe('Track Artist');
    expect((await parseFile(mp3)).common.artist).toBe('Ana Ruiz; Bo Lee');
    expect(lines.at(-1)).toMatch(/^writeTags: wrote album, album_artist, label, date, genre/);

    await runPostActions([flac, mp3], [{ name: 'removeGenre' }], actionContext().ctx);
    for (const file of [flac, mp3]) {
      expect((await parseFile(file)).common.genre).toBeUndefined();
      expect((await readTags(file)).textTags.album).toEqual(['Night Drive']);
    }
  });

  it('logs a file it cannot tag and carries on with the others', async () => {
    const broken = path('broken.mp3');
    await writeFile(broken, 'this is not an mp3 at all');
    const good = await generate(noise(1), path('good.flac'));
    const { ctx, lines } = actionContext({ name: 'Rescued' });
    expect(await runPostActions([broken, good], [{ name: 'writeTags' }], ctx)).toEqual([
      broken,
      good,
    ]);
    expect(lines[0]).toMatch(/^writeTags: left broken\.mp3 unchanged: /);
    expect((await parseFile(good)).common.album).toBe('Rescued');
  });
});
