import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Lease } from '../../server/db/advisory-lease';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { DownloadsRepository } from '../../server/modules/servers/downloads.repository';
import { DownloadRunner } from '../../server/node/engine/download-runner';
import { SourceRegistry } from '../../server/node/engine/source-registry';

/**
 * A download picked up as the server stops (CI caught one as an unhandled rejection): its
 * claim was still awaited when the app closed the database, and its first read then failed.
 */
describe('a download runner stopping', () => {
  let dir: string;
  let db: Db;
  let rejections: unknown[];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'runner-stop-'));
    const opened = createDatabase({
      database: { kind: 'sqlite', file: path.join(dir, 'db.sqlite') },
    });
    db = opened.db;
    await migrateToLatest(db, opened.dialect);
    rejections = [];
    process.on('unhandledRejection', onRejection);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onRejection);
    await fs.rm(dir, { recursive: true, force: true });
  });

  function runner(claim: () => Promise<Lease | null>, lines: string[]): DownloadRunner {
    const unused = () => Promise.reject(new Error('not reached'));
    return new DownloadRunner({
      serverId: 0,
      downloads: new DownloadsRepository(db),
      sources: new SourceRegistry(),
      runPostActions: unused,
      defaultPost: unused,
      importFiles: unused,
      workDir: path.join(dir, 'work'),
      removeAfterImport: true,
      log: (line) => lines.push(line),
      claim,
    });
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('reads nothing once stopped while its claim was awaited, and releases the claim', async () => {
    let grant: (lease: Lease) => void = () => undefined;
    let released = 0;
    const lines: string[] = [];
    const downloads = runner(() => new Promise((resolve) => (grant = resolve)), lines);
    downloads.enqueue(7);
    expect(downloads.active).toBe(1);
    downloads.stop();
    await db.destroy();
    grant({
      release: () => {
        released += 1;
        return Promise.resolve();
      },
    });
    await settle();
    expect(rejections).toEqual([]);
    expect(released).toBe(1);
    expect(downloads.active).toBe(0);
    expect(lines).toEqual([]);
  });

  it('logs a database that fails before the download starts, and frees its place', async () => {
    const lines: string[] = [];
    const downloads = runner(() => Promise.resolve({ release: () => Promise.resolve() }), lines);
    await db.destroy();
    downloads.enqueue(8);
    await settle();
    expect(rejections).toEqual([]);
    expect(downloads.active).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^\[download 8\] not run: .*destroyed/)]);
  });
});
