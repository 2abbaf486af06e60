import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/node/net/free-port';

// `npm start` as a newcomer runs it: server/main.ts in its own process, on an empty data dir,
// with a PATH that holds no ffmpeg.
let emptyPath: string;
const dataDirs: string[] = [];
beforeAll(async () => {
  emptyPath = await mkdtemp(join(tmpdir(), 'musicbox-path-'));
});
afterAll(async () => {
  for (const dir of [emptyPath, ...dataDirs]) await rm(dir, { recursive: true, force: true });
});

interface Started {
  output: string[];
  dataDir: string;
  port: number;
}

/** Starts the server, waits until it listens, then stops it; answers what it printed. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-start-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: emptyPath,
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'admin-password-123',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) =>
    output.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    for (let i = 0; i < 600 && !output.some((l) => l.includes('Musicbox is running')); i += 1) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const settings = await fetch(`http://127.0.0.1:${port}/api/settings/public`);
    expect(settings.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return { output, dataDir, port };
}

describe('server start (server/main.ts)', () => {
  it('with no usable ffmpeg prints one line naming what to install, skips the demo and serves', async () => {
    const { output, dataDir } = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    const ffmpegLines = output.filter((l) => /ffmpeg/i.test(l));
    expect(ffmpegLines).toEqual([
      expect.stringMatching(
        /^ffmpeg not usable at FFMPEG_PATH=\/nonexistent\/ffmpeg: media features .* are off; install it with `apt-get install ffmpeg` or set FFMPEG_PATH$/,
      ),
    ]);
    expect(output.some((l) => /generating the demo library|Demo library ready/.test(l))).toBe(
      false,
    );
    expect(await readdir(join(dataDir, 'media')).catch(() => [])).toEqual([]);
  }, 90_000);

  it('starts without the demo library when ffmpeg runs but cannot make it', async () => {
    // Answers -version like ffmpeg, then fails every real job.
    const broken = join(emptyPath, 'broken-ffmpeg');
    await writeFile(
      broken,
      '#!/bin/sh\nif [ "$1" = "-version" ]; then echo "ffmpeg version 9.9-broken"; exit 0; fi\necho "no codecs" >&2\nexit 1\n',
    );
    await chmod(broken, 0o755);
    const { output, dataDir } = await startServer({ FFMPEG_PATH: broken });
    expect(output).toContainEqual(
      expect.stringMatching(/^The demo library could not be generated, starting without it: /),
    );
    // Nothing half-made is left for the next start to trip over.
    expect((await readdir(join(dataDir, 'media'))).filter((f) => f.startsWith('.demo'))).toEqual(
      [],
    );
  }, 90_000);

  it('with no ffmpeg on PATH falls back to the one shipped with npm', async () => {
    const { output } = await startServer({ DEMO: '0' });
    expect(output).toContainEqual(
      expect.stringMatching(/^No ffmpeg on PATH: using the one shipped with npm \(.+\)$/),
    );
    expect(output.some((l) => l.startsWith('ffmpeg not'))).toBe(false);
  }, 90_000);
});
