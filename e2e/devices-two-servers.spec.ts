import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { steerAnotherDevice } from './support/device-steps';
import { importLibrary } from './support/music-dir';
import { demoCollection } from './support/player-queue';
import {
  pgAdminUrl,
  postgresUnreachable,
  startServersOnPostgres,
  type ServersOnPostgres,
} from './support/postgres-servers';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** Three one-minute tracks of one album (the steps seek to 0:30), tagged so they import. */
async function writeAlbum(musicDir: string): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'musicbox-devices-'));
  try {
    const tone = join(scratch, 'tone.mp3');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=60', '-q:a', '9', tone]);
    const folder = join(musicDir, 'two-servers');
    await mkdir(folder, { recursive: true });
    for (const n of [1, 2, 3]) {
      // prettier-ignore
      await run(FFMPEG, [
        '-v', 'error', '-i', tone, '-c', 'copy',
        '-metadata', `title=Relay ${n}`,
        '-metadata', 'album=Two Servers',
        '-metadata', 'artist=The Buses',
        '-metadata', 'album_artist=The Buses',
        '-metadata', `track=${n}`,
        join(folder, `0${n}.mp3`),
      ]);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

let pair: ServersOnPostgres | null = null;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const unreachable = await postgresUnreachable();
  test.skip(
    unreachable !== null,
    `PostgreSQL is not reachable at ${pgAdminUrl()} (${unreachable}); this run needs two app ` +
      'servers on one PostgreSQL database',
  );
  pair = await startServersOnPostgres();
  await writeAlbum(pair.musicDir);
  const api = await ApiSession.signIn(undefined, undefined, pair.servers[0].url);
  try {
    const job = await importLibrary(api);
    expect(job.problems).toEqual([]);
    expect(job.state).toBe('done');
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await pair?.close();
});

/**
 * Issue 50, "run once with two app servers on PostgreSQL": A's context talks to app server 1,
 * B's (and the other user's) to app server 2. Every command B sends reaches A's channel on the
 * other server through the database's NOTIFY bus (decision 0064), and so does A's state.
 */
test('a device steers another held by a second app server on one PostgreSQL database', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [one, two] = pair!.servers;
  const { tracks } = await demoCollection(3, one.url);
  const user = await registerUser('devices', two.url);
  await steerAnotherDevice(browser, user, tracks, { a: one.url, b: two.url, stranger: two.url });
});
