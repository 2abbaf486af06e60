import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTorrentSource,
  TORRENT_UNAVAILABLE,
  type TorrentSource,
} from '../../server/node/sources/torrent/torrent-source';
import { startTorrentSeeder, type TorrentSeeder } from '../helpers/torrent-seeder';
import { digest, jobFor, recordingContext } from './torrent-helpers';

let seeder: TorrentSeeder;
let source: TorrentSource;
beforeAll(async () => {
  seeder = await startTorrentSeeder();
  source = createTorrentSource({ dht: false, pollMs: 100 });
}, 60_000);
afterAll(async () => {
  await source?.close();
  await seeder?.close();
});

async function expectSameFiles(dir: string, seeded: TorrentSeeder) {
  for (const file of seeded.files)
    expect(await digest(join(dir, seeded.name, file))).toBe(
      await digest(join(seeded.contentDir, file)),
    );
}

describe('torrent source', () => {
  it('is available when aria2c is on PATH', async () => {
    expect(await source.available()).toEqual({ ok: true });
  });

  it('downloads a magnet link byte-identical, reporting progress and the GID', async () => {
    const job = await jobFor({ url: seeder.magnet });
    const ctx = recordingContext();
    await source.fetch(job, ctx);
    await expectSameFiles(job.dir, seeder);
    const last = ctx.reports.at(-1);
    expect(last?.bytesTotal).toBeGreaterThan(0);
    expect(last?.bytesDone).toBe(last?.bytesTotal);
    expect(ctx.reports.some((p) => typeof p.peers === 'number')).toBe(true);
    expect(JSON.parse(ctx.remembered.at(-1) ?? '{}')).toHaveProperty('gid');
    await job.cleanup();
  });

  it('downloads a dropped .torrent sent base64', async () => {
    const job = await jobFor({ url: 'dropped.torrent', torrentBase64: seeder.torrentBase64 });
    await source.fetch(job, recordingContext());
    await expectSameFiles(job.dir, seeder);
    await job.cleanup();
  });

  it('downloads a .torrent URL', async () => {
    const torrent = Buffer.from(seeder.torrentBase64, 'base64');
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-bittorrent' });
      res.end(torrent);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/album.torrent`;
    const job = await jobFor({ url });
    const local = createTorrentSource({ dht: false, pollMs: 100, allowPrivate: true });
    try {
      await local.fetch(job, recordingContext());
      await expectSameFiles(job.dir, seeder);
      // Without allowPrivate the address guard refuses the loopback URL before aria2 sees it.
      await expect(source.fetch(await jobFor({ url }), recordingContext())).rejects.toThrow(
        /private network/,
      );
    } finally {
      await local.close();
      server.close();
      await job.cleanup();
    }
  });

  it('refuses what is not a torrent with a readable message', async () => {
    const ctx = recordingContext();
    await expect(source.fetch(await jobFor({ url: 'ftp://x/y' }), ctx)).rejects.toThrow(
      /magnet link, a \.torrent URL or a \.torrent file/,
    );
    await expect(source.fetch(await jobFor({ url: 'magnet:?dn=nothing' }), ctx)).rejects.toThrow(
      /info hash/,
    );
    await expect(
      source.fetch(
        await jobFor({ url: 'x', torrentBase64: Buffer.from('<html>').toString('base64') }),
        ctx,
      ),
    ).rejects.toThrow(/not a \.torrent file/);
  });

  it('stops its aria2c on close and leaves no process behind', async () => {
    const daemons = () =>
      new Set(
        spawnSync('pgrep', ['-P', String(process.pid), '-f', 'enable-rpc'], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(Boolean)
          .map(Number),
      );
    const before = daemons();
    const own = createTorrentSource({ dht: false, pollMs: 100 });
    const job = await jobFor({ url: 'x.torrent', torrentBase64: seeder.torrentBase64 });
    await own.fetch(job, recordingContext());
    const started = [...daemons()].filter((pid) => !before.has(pid));
    expect(started).toHaveLength(1);
    await own.close();
    // ESRCH: not running and reaped (a zombie would still answer signal 0).
    for (const pid of started) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    await expect(own.fetch(job, recordingContext())).rejects.toThrow('torrent source closed');
    await job.cleanup();
  });

  it('answers unavailable when aria2c is not on PATH', async () => {
    const missing = createTorrentSource({ pathEnv: '/nonexistent' });
    expect(await missing.available()).toEqual({ ok: false, reason: TORRENT_UNAVAILABLE });
    await expect(
      missing.fetch(await jobFor({ url: seeder.magnet }), recordingContext()),
    ).rejects.toThrow(TORRENT_UNAVAILABLE);
    await missing.close();
  });
});
