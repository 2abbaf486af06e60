import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PASSWORD, ADMIN_USER, freePort, waitForServer } from './global-setup';

export interface ExtraServer {
  url: string;
  /** Its MUSIC_DIR, which its admin library import reads. */
  musicDir: string;
  close(): Promise<void>;
}

/**
 * A second real server for one spec, on its own temporary data directory and SQLite, with the
 * same client build and administrator as the suite's, and no demo library. Payment keys and
 * the like are whatever `env` says: a server without them is the point (first-hour-buying).
 */
export async function startExtraServer(env: Record<string, string> = {}): Promise<ExtraServer> {
  const root = await mkdtemp(join(tmpdir(), 'musicbox-e2e-extra-'));
  const musicDir = join(root, 'music');
  await mkdir(musicDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'data'),
      PUBLIC_URL: url,
      ADMIN_USER,
      ADMIN_PASSWORD,
      DEMO: '0',
      RATE_LIMIT_SCALE: '100',
      DATABASE_URL: '',
      MUSIC_DIR: musicDir,
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_URL: '',
      SELLIX_API_KEY: '',
      SELLIX_WEBHOOK_SECRET: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => log.push(d.toString()));
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(root, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, child);
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${log.join('')}`);
  }
  return { url, musicDir, close };
}
