import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_FORMATS, type TranscodeFormat } from '../../domain/audio-format';
import { previewArgs, transcodeArgs } from '../../server/media/transcode-args';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);

function ffmpegToBuffer(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(testFfmpeg(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(err)),
    );
  });
}

const expected: Record<TranscodeFormat, { container: RegExp; codec: RegExp }> = {
  MP3_320: { container: /MPEG/, codec: /MPEG 1 Layer 3/ },
  AAC: { container: /M4A|isom|iso|mp4/i, codec: /AAC/ },
  FLAC: { container: /FLAC/, codec: /FLAC/ },
  ALAC: { container: /M4A|isom|iso|mp4/i, codec: /ALAC/ },
  WAV: { container: /WAVE/, codec: /PCM/ },
  AIFF: { container: /AIFF/, codec: /PCM/ },
  OGG: { container: /Ogg/, codec: /Vorbis/ },
  WMA: { container: /ASF/, codec: /Windows Media Audio/ },
};

describe('transcodeArgs', () => {
  let dir: string;
  let source: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'musicbox-transcode-'));
    source = join(dir, 'tone.flac');
    await run(testFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=4',
      '-metadata',
      'title=Test Tone',
      '-metadata',
      'artist=Generator',
      source,
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('streams containers that can be written front to back', () => {
    const { args, streamable } = transcodeArgs('/music/a.flac', 'OGG');
    expect(args[args.indexOf('-i') + 1]).toBe('/music/a.flac');
    expect([args.at(-1), streamable]).toEqual(['pipe:1', true]);
  });

  it('writes containers with patched headers to a file', () => {
    for (const format of ['FLAC', 'AIFF', 'WMA'] as const) {
      expect(() => transcodeArgs('a.wav', format)).toThrow(/file/);
      expect(transcodeArgs('a.wav', format, '/cache/x').args.at(-1)).toBe('/cache/x');
    }
  });

  it('asks for 320 kb/s MP3', () => {
    const { args, mime, extension } = transcodeArgs('in.wav', 'MP3_320');
    expect(args).toEqual(expect.arrayContaining(['libmp3lame', '320k']));
    expect([mime, extension]).toEqual(['audio/mpeg', 'mp3']);
  });

  for (const format of DOWNLOAD_FORMATS.filter((f): f is TranscodeFormat => f !== 'original')) {
    it(`produces a real ${format} file with the tags kept`, async () => {
      const file = join(dir, `out-${format}`);
      const target = transcodeArgs(source, format, file);
      const piped = await ffmpegToBuffer(target.args);
      const output = target.streamable ? piped : await readFile(file);
      const meta = await parseBuffer(output, { mimeType: target.mime });
      expect(meta.format.container ?? '').toMatch(expected[format].container);
      expect(meta.format.codec ?? '').toMatch(expected[format].codec);
      expect(meta.format.duration ?? 0).toBeGreaterThan(3.5);
      if (format !== 'WAV' && format !== 'AIFF') expect(meta.common.title).toBe('Test Tone');
    });
  }

  it('cuts a preview from the middle of the track', async () => {
    const clip = await ffmpegToBuffer(previewArgs(source, 4, 2));
    const meta = await parseBuffer(clip, { mimeType: 'audio/mpeg' });
    expect(meta.format.duration ?? 0).toBeGreaterThan(1.8);
    expect(meta.format.duration ?? 0).toBeLessThan(2.3);
    expect(previewArgs(source, 100, 30)).toEqual(
      expect.arrayContaining(['-ss', '35.000', '-t', '30']),
    );
  });
});
