import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTorrentSource } from '../../server/node/sources/torrent/torrent-source';
import { startTorrentSeeder, type TorrentSeeder } from '../helpers/torrent-seeder';
import { digest, jobFor, recordingContext, settle, type RecordingContext } from './torrent-helpers';

let seeder: TorrentSeeder;
beforeAll(async () => {
  seeder = await startTorrentSeeder({
    name: 'Slow Album',
    files: [
      { name: '01 Long.flac', seconds: 4 },
      { name: '02 Longer.flac', seconds: 4 },
    ],
  });
}, 60_000);
afterAll(async () => {
  await seeder?.close();
});

// A source throttled well below the seeder, so a test can act while the download is halfway.
const slowSource = () => createTorrentSource({ dht: false, pollMs: 100, downloadLimit: 64 * 1024 });

async function untilHalfway(ctx: RecordingContext): Promise<number> {
  for (let i = 0; i < 300; i += 1) {
    const last = ctx.reports.at(-1);
    if (last && last.bytesTotal && last.bytesDone > 0) return last.bytesDone;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the download never started');
}

describe('torrent source: interruptions', () => {
  it('resumes after the source is closed and created again mid-download', async () => {
    const job = await jobFor({ url: seeder.magnet });
    const first = slowSource();
    const firstCtx = recordingContext();
    const running = settle(first.fetch(job, firstCtx));
    const done = await untilHalfway(firstCtx);
    await first.close();
    expect((await running)?.message).toBe('torrent source closed');
    const total = firstCtx.reports.at(-1)?.bytesTotal ?? 0;
    expect(done).toBeLessThan(total);

    // A new process: it gets back what the first one remembered.
    const second = createTorrentSource({ dht: false, pollMs: 100 });
    const ctx = recordingContext();
    try {
      await second.fetch({ ...job, resumeState: firstCtx.remembered.at(-1) }, ctx);
    } finally {
      await second.close();
    }
    expect(ctx.lines.join('\n')).toMatch(/added again, keeping the pieces/);
    for (const file of seeder.files)
      expect(await digest(join(job.dir, seeder.name, file))).toBe(
        await digest(join(seeder.contentDir, file)),
      );
    await job.cleanup();
  });

  it('continues the same aria2 download after the caller stopped waiting', async () => {
    const source = slowSource();
    const job = await jobFor({ url: 'x.torrent', torrentBase64: seeder.torrentBase64 });
    try {
      const firstCtx = recordingContext();
      const running = settle(source.fetch(job, firstCtx));
      await untilHalfway(firstCtx);
      firstCtx.abort();
      expect((await running)?.message).toBe('torrent download stopped');
      const ctx = recordingContext();
      const resumed = settle(
        source.fetch({ ...job, resumeState: firstCtx.remembered.at(-1) }, ctx),
      );
      await untilHalfway(ctx);
      expect(ctx.lines.join('\n')).toMatch(/torrent continues/);
      await source.cancel?.(job);
      expect((await resumed)?.message).toBe('torrent download was cancelled');
    } finally {
      await source.close();
      await job.cleanup();
    }
  });

  it('starts a new daemon after aria2 dies, and the retry re-adds the torrent', async () => {
    const source = slowSource();
    const job = await jobFor({ url: seeder.magnet });
    try {
      const ctx = recordingContext();
      const running = settle(source.fetch(job, ctx));
      await untilHalfway(ctx);
      // The daemon this test process started (the seeder's aria2c has no RPC), killed like a crash.
      const pid = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'enable-rpc'], {
        encoding: 'utf8',
      }).trim();
      process.kill(Number(pid), 'SIGKILL');
      expect((await running)?.message).toBe('aria2 stopped unexpectedly; retry to resume');
      const again = recordingContext();
      const retry = settle(source.fetch({ ...job, resumeState: ctx.remembered.at(-1) }, again));
      await untilHalfway(again);
      expect(again.lines.join('\n')).toMatch(/added again/);
      await source.cancel?.(job);
      expect((await retry)?.message).toBe('torrent download was cancelled');
    } finally {
      await source.close();
      await job.cleanup();
    }
  });

  it('cancel stops and forgets the download', async () => {
    const source = slowSource();
    const job = await jobFor({ url: seeder.magnet });
    try {
      const ctx = recordingContext();
      const running = settle(source.fetch(job, ctx));
      await untilHalfway(ctx);
      await source.cancel?.(job);
      expect((await running)?.message).toBe('torrent download was cancelled');
      // aria2 forgot it: the old state no longer continues anything, the torrent is added anew.
      const again = recordingContext();
      const retry = settle(source.fetch({ ...job, resumeState: ctx.remembered.at(-1) }, again));
      while (again.lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(again.lines[0]).toMatch(/^torrent added again/);
      await source.cancel?.(job);
      expect((await retry)?.message).toBe('torrent download was cancelled');
    } finally {
      await source.close();
      await job.cleanup();
    }
  });
});
