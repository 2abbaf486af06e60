import { pbkdf2 as pbkdf2Callback } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamToFile } from '../../server/storage/stream-to-file';

const pbkdf2 = promisify(pbkdf2Callback);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-stream-to-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Refuses the first chunk, as the upload inspector refuses an ELF program. */
const refuseAtOnce = () =>
  new Transform({
    transform(_chunk, _encoding, done) {
      done(new Error('refused'));
    },
  });

describe('streamToFile', () => {
  it('writes what passes through', async () => {
    const target = join(dir, 'ok.bin');
    await streamToFile(target, 'wx', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(await readFile(target, 'utf8')).toBe('abcdef');
  });

  it('leaves no file when the stream fails before the file has even opened', async () => {
    // The failure comes while the file is still being opened; with the thread pool busy (as on
    // a loaded CI machine) a removal made at once ran beside the open and lost now and then.
    for (let i = 0; i < 50; i += 1) {
      const busy = Array.from({ length: 3 }, () => pbkdf2(`${i}`, 'salt', 2000, 32, 'sha256'));
      await expect(
        streamToFile(
          join(dir, `.part-${i}`),
          'wx',
          Readable.from([Buffer.from('x')]),
          refuseAtOnce(),
        ),
      ).rejects.toThrow('refused');
      await Promise.all(busy);
    }
    await sleep(50);
    expect((await readdir(dir)).filter((name) => name.startsWith('.part-'))).toEqual([]);
  });

  it('with wx, never removes a file that was already there', async () => {
    const target = join(dir, 'existing.bin');
    await writeFile(target, 'keep');
    await expect(
      streamToFile(target, 'wx', Readable.from([Buffer.from('new')])),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(target, 'utf8')).toBe('keep');
  });
});
