import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StorageKeyError,
  StorageNotFound,
  StorageRangeError,
  type Storage,
} from '../../server/storage/storage';
import { writeTone } from '../helpers/audio';
import { testFfmpeg } from '../helpers/ffmpeg';
import { backends, type StorageFixture } from './storage-backends';

const run = promisify(execFile);
const MIB = 1024 * 1024;

/** Bytes that differ from their neighbours, so a shifted range cannot pass for the right one. */
function pattern(size: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** size bytes of pattern(), produced a MiB at a time as a file or an upload would arrive. */
function streamOf(size: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < size; at += MIB) yield pattern(Math.min(MIB, size - at), at % 251);
    })(),
  );
}

/** A source that sends `bytes` and then fails, as a dropped upload connection does. */
function failingAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('source broke'));
        return;
      }
      const chunk = Buffer.alloc(Math.min(MIB, bytes - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keysOf(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

describe.each(backends)('$name storage', (backend) => {
  let fixture: StorageFixture;
  let storage: Storage;

  beforeAll(async () => {
    fixture = await backend.start();
    storage = fixture.storage;
  });
  afterAll(() => fixture?.stop());

  it('reads back what it wrote, whole and in ranges, and stats its size', async () => {
    const bytes = pattern(1000);
    await storage.write('media/1/track.flac', bytes);

    expect(await readAll(await storage.read('media/1/track.flac'))).toEqual(bytes);
    const range = async (start: number, end: number) =>
      readAll(await storage.read('media/1/track.flac', { start, end }));
    expect(await range(0, 0)).toEqual(bytes.subarray(0, 1));
    expect(await range(100, 199)).toEqual(bytes.subarray(100, 200));
    expect(await range(999, 999)).toEqual(bytes.subarray(999));
    expect(await range(500, 500)).toEqual(bytes.subarray(500, 501));
    // As in HTTP: an end past the last byte is cut to it.
    expect(await range(990, 5000)).toEqual(bytes.subarray(990));
    await expect(storage.read('media/1/track.flac', { start: 1000, end: 1001 })).rejects.toThrow(
      StorageRangeError,
    );

    const stat = await storage.stat('media/1/track.flac');
    expect(stat?.size).toBe(1000);
    expect(Math.abs((stat?.mtime.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await storage.write('media/1/empty.txt', Buffer.alloc(0));
    expect((await storage.stat('media/1/empty.txt'))?.size).toBe(0);
    expect(await readAll(await storage.read('media/1/empty.txt'))).toHaveLength(0);
  });

  it('answers null and StorageNotFound for keys never written, folders included', async () => {
    expect(await storage.stat('media/none.flac')).toBeNull();
    await expect(storage.read('media/none.flac')).rejects.toThrow(StorageNotFound);
    await storage.write('folder/inside/file.txt', Buffer.from('x'));
    expect(await storage.stat('folder/inside')).toBeNull();
    await expect(storage.read('folder/inside')).rejects.toThrow(StorageNotFound);
  });

  it('writes a 12 MB stream (multipart on S3) and reads ranges across its parts', async () => {
    const size = 12 * MIB;
    const expected = await readAll(streamOf(size));
    const before = fixture.commands?.length ?? 0;
    await storage.write('uploads/big.wav', streamOf(size));

    expect((await storage.stat('uploads/big.wav'))?.size).toBe(size);
    expect(sha(await readAll(await storage.read('uploads/big.wav')))).toBe(sha(expected));
    const across = { start: 5 * MIB - 3, end: 5 * MIB + 3 };
    expect(await readAll(await storage.read('uploads/big.wav', across))).toEqual(
      expected.subarray(across.start, across.end + 1),
    );
    if (fixture.commands) {
      const sent = fixture.commands.slice(before);
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent.filter((c) => c === 'UploadPartCommand').length).toBeGreaterThanOrEqual(3);
      expect(sent).toContain('CompleteMultipartUploadCommand');
    }
  });

  it.each([
    ['before a whole part', 512 * 1024],
    ['after a multipart upload began', 7 * MIB],
  ])('a source that fails %s leaves nothing under the key', async (_, bytes) => {
    const key = `failed/${bytes}/half.flac`;
    const before = fixture.commands?.length ?? 0;
    await expect(storage.write(key, failingAfter(bytes))).rejects.toThrow('source broke');
    if (fixture.commands) {
      // S3: past the first 5 MiB part, the upload had begun and was never completed.
      const sent = fixture.commands.slice(before);
      expect(sent.includes('CreateMultipartUploadCommand')).toBe(bytes > 5 * MIB);
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
      expect(sent).not.toContain('PutObjectCommand');
    }
    expect(await storage.stat(key)).toBeNull();
    expect(await keysOf(storage, `failed/${bytes}/`)).toEqual([]);
    const file = storage.localPath(key);
    // On disk not even the temporary file is left.
    if (file !== null) expect(await readdir(dirname(file))).toEqual([]);
  });

  it('a failed write over an object keeps the old one whole', async () => {
    await storage.write('covers/1.webp', pattern(300));
    await expect(storage.write('covers/1.webp', failingAfter(MIB))).rejects.toThrow('source broke');
    expect(await readAll(await storage.read('covers/1.webp'))).toEqual(pattern(300));
  });

  it('lists every key under a prefix, past one page of 1,000', async () => {
    const keys = Array.from({ length: 1050 }, (_, i) => `many/${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.write(key, Buffer.from(key))));
    }
    // "manyx", not "many-more": s3rver pages in folder-walk order, where "-" (before "/" in
    // S3's byte order) comes after "many/"; real S3 has no such hole.
    await storage.write('manyx/x.txt', Buffer.from('x'));
    await storage.write('other/many/y.txt', Buffer.from('y'));

    expect(await keysOf(storage, 'many/')).toEqual(keys);
    // A plain string prefix, as S3 has it: not only a folder.
    const loose = await keysOf(storage, 'many');
    expect(loose).toHaveLength(1051);
    expect(loose).toContain('manyx/x.txt');
    expect(await keysOf(storage, 'many/100')).toEqual(keys.slice(1000, 1010));
    expect(await keysOf(storage, 'nothing/')).toEqual([]);
    expect(await keysOf(storage, '')).toContain('other/many/y.txt');
  });

  it('deletes, and deleting what is not there is no error', async () => {
    await storage.write('cache/t.mp3', Buffer.from('abc'));
    await storage.delete('cache/t.mp3');
    expect(await storage.stat('cache/t.mp3')).toBeNull();
    expect(await keysOf(storage, 'cache/')).toEqual([]);
    await expect(storage.delete('cache/t.mp3')).resolves.toBeUndefined();
  });

  it('moves an object, replacing what was at the target', async () => {
    await storage.write('incoming/a.flac', pattern(64, 1));
    await storage.write('media/2/a.flac', pattern(10, 2));
    await storage.move('incoming/a.flac', 'media/2/a.flac');
    expect(await storage.stat('incoming/a.flac')).toBeNull();
    expect(await readAll(await storage.read('media/2/a.flac'))).toEqual(pattern(64, 1));

    await storage.move('media/2/a.flac', 'media/3/deeper/a.flac');
    expect(await readAll(await storage.read('media/3/deeper/a.flac'))).toEqual(pattern(64, 1));
    // Onto itself: still there (a copy-then-delete must not delete it).
    await storage.move('media/3/deeper/a.flac', 'media/3/deeper/a.flac');
    expect((await storage.stat('media/3/deeper/a.flac'))?.size).toBe(64);
    await expect(storage.move('incoming/none', 'media/x')).rejects.toThrow(StorageNotFound);
  });

  const unsafe = [
    '/etc/passwd',
    '../outside.txt',
    'media/../../outside.txt',
    'media/..',
    'media//a.flac',
    'media/',
    '',
    '.',
    'media/./a.flac',
    'media/a\0.flac',
    'media\\..\\a.flac',
    'media/a.flac.0123456789ab.tmp',
    `media/${'x'.repeat(256)}`,
  ];

  it.each(unsafe)('refuses the key %j everywhere', async (key) => {
    const refused = expect.any(StorageKeyError) as unknown;
    await expect(storage.write(key, Buffer.from('x'))).rejects.toEqual(refused);
    await expect(storage.write(key, Readable.from([Buffer.from('x')]))).rejects.toEqual(refused);
    await expect(storage.stat(key)).rejects.toEqual(refused);
    await expect(storage.read(key)).rejects.toEqual(refused);
    await expect(storage.delete(key)).rejects.toEqual(refused);
    await expect(storage.move('media/1/track.flac', key)).rejects.toEqual(refused);
    await expect(storage.move(key, 'media/moved.flac')).rejects.toEqual(refused);
    await expect(storage.urlForReading(key)).rejects.toEqual(refused);
  });

  it('refuses list prefixes that climb out', async () => {
    for (const prefix of ['/', '../', '..', 'a/../', 'a//', 'a\0']) {
      await expect(keysOf(storage, prefix)).rejects.toThrow(StorageKeyError);
    }
  });

  it('keeps names with spaces, CJK and emoji as they are', async () => {
    const names = [
      'media/4/My Song (live).flac',
      'media/日本語/曲 1.flac',
      'media/🎵 Mix/emoji 🎧 track.mp3',
    ];
    for (const [i, key] of names.entries()) await storage.write(key, pattern(20 + i, i));
    for (const [i, key] of names.entries()) {
      expect((await storage.stat(key))?.size).toBe(20 + i);
      expect(await readAll(await storage.read(key, { start: 1, end: 2 }))).toEqual(
        pattern(20 + i, i).subarray(1, 3),
      );
    }
    expect(await keysOf(storage, 'media/日本語/')).toEqual(['media/日本語/曲 1.flac']);
    await storage.move('media/🎵 Mix/emoji 🎧 track.mp3', 'media/🎵 Mix/移動 ✓.mp3');
    expect(await keysOf(storage, 'media/🎵')).toEqual(['media/🎵 Mix/移動 ✓.mp3']);
  });

  it('gives ffmpeg an input it reads without a local copy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-storage-wav-'));
    try {
      await writeTone(join(dir, 'tone.wav'), { seconds: 1, args: ['-ac', '1', '-ar', '8000'] });
      await storage.write('media/5/tone 🎵.wav', await readFile(join(dir, 'tone.wav')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const input = await storage.urlForReading('media/5/tone 🎵.wav', 60);
    if (backend.name === 's3')
      expect(input).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*X-Amz-Signature=/);
    else expect(input).toBe(storage.localPath('media/5/tone 🎵.wav'));

    const ffmpeg = (source: string) =>
      run(testFfmpeg(), ['-hide_banner', '-nostdin', '-i', source, '-f', 'null', '-']);
    const { stderr } = await ffmpeg(input);
    expect(stderr).toMatch(/Duration: 00:00:01\.00/);
    expect(stderr).toMatch(/Audio: pcm_s16le, 8000 Hz, mono/);
    // The same reader fails on a key that holds nothing: the check above is not vacuous.
    await expect(ffmpeg(await storage.urlForReading('media/5/none.wav'))).rejects.toThrow();
  });
});
