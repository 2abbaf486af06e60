import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { makeDeezerTracks, startFakeDeezer } from '../../tests/helpers/fake-deezer';
import { startFakeStripe } from '../../tests/helpers/fake-stripe';
import { startFakeListenBrainz } from '../../tests/helpers/fake-listenbrainz';
import { S3RVER_CREDENTIALS, s3rverClient, startS3rver } from '../../tests/helpers/s3rver';

export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';
/** Signs the fake Stripe's webhooks; the server checks them with the same secret. */
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_secret';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startMailSink(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, '0')}.eml`;
        writeFile(join(dir, name), Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function waitForServer(
  url: string,
  child: { exitCode: number | null },
): Promise<void> {
  // The first start generates the demo library (about 30 s on two cores; far longer when the
  // machine is shared, hence E2E_SERVER_WAIT_MS).
  const waitMs = Number(process.env.E2E_SERVER_WAIT_MS) || 180_000;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/settings/public`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url} within ${waitMs / 1000} s`);
}

/**
 * E2E_STORAGE=s3: an s3rver (a local server speaking the S3 protocol) with one bucket, where the
 * server keeps its media, covers and caches; the demo library is generated into it, so the
 * specs run this way (scripts/test.sh) stream, save offline and seek from the bucket.
 */
async function startBucket(root: string) {
  const dir = join(root, 's3rver');
  await mkdir(dir, { recursive: true });
  const { port, child } = await startS3rver(dir);
  const endpoint = `http://127.0.0.1:${port}`;
  (await s3rverClient(endpoint, 'musicbox-e2e')).destroy();
  const env = {
    S3_BUCKET: 'musicbox-e2e',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
  return { child, env };
}

/** Starts a mail sink and the real server on a temporary data directory for the whole run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await access(join(process.env.CLIENT_DIR || 'dist', 'index.html')).catch(() => {
    throw new Error('dist/ is missing: run `npx vite build` before the end-to-end tests');
  });
  const root = await mkdtemp(join(tmpdir(), 'musicbox-e2e-'));
  const mail = join(root, 'mail-received');
  await mkdir(mail, { recursive: true });
  // The admin library import reads this folder; tests write albums into it (see music-dir.ts).
  const music = join(root, 'music');
  await mkdir(music, { recursive: true });
  const sink = await startMailSink(mail);
  // The external catalogue (Deezer's API) stands in as a local fake with 30 tracks.
  // Its covers and previews point at the fake itself, as Deezer's point at its own CDN.
  const fakeDeezer = await startFakeDeezer((origin) => makeDeezerTracks(30, origin));
  // ListenBrainz stands in as a local fake; scrobbling.spec.ts adds tokens and reads listens.
  const fakeListenBrainz = await startFakeListenBrainz();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Stripe stands in as a local fake whose hosted "Pay" page signs and sends the webhook.
  const fakeStripe = await startFakeStripe({
    webhookUrl: `${baseUrl}/api/payments/webhook/stripe`,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
  });
  const bucket = process.env.E2E_STORAGE === 's3' ? await startBucket(root) : null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...bucket?.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'data'),
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      ADMIN_USER,
      ADMIN_PASSWORD,
      DEMO: process.env.E2E_DEMO ?? '1',
      // The suite signs in and registers far more often than a person would.
      RATE_LIMIT_SCALE: '100',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      EXTERNAL_SEARCH_URL: fakeDeezer.url,
      LISTENBRAINZ_API_URL: fakeListenBrainz.url,
      MUSIC_DIR: music,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
      // Url downloads in e2e/admin-servers.spec.ts fetch from a loopback file server.
      DOWNLOADER_ALLOW_PRIVATE: '1',
      // Podcast feeds and stations in e2e/podcasts.spec.ts come from a loopback host (tests only).
      FETCH_ALLOW_PRIVATE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it printed until it answered, for a start that fails; afterwards only the kept log
  // (53,000 lines in a run, held in memory to the end before).
  let log: string[] | null = [];
  // E2E_SERVER_LOG=<file> keeps what the server printed for a failure seen after the run.
  const kept = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG) : null;
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (d: Buffer) => {
      log?.push(d.toString());
      kept?.write(d);
    });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    bucket?.child.kill();
    await sink.close();
    await fakeDeezer.close();
    await fakeStripe.close();
    await fakeListenBrainz.close();
    // The data folder holds the demo library (140 MB): not left behind in /tmp by every run.
    await rm(root, { recursive: true, force: true, maxRetries: 3 }).catch((error: unknown) =>
      console.warn(`${root} not removed: ${String(error)}`),
    );
  };
  try {
    await waitForServer(baseUrl, child);
  } catch (error) {
    const printed = log.join('');
    await close();
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  log = null;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mail;
  process.env.E2E_MUSIC_DIR = music;
  process.env.E2E_LISTENBRAINZ_URL = fakeListenBrainz.url;
  return close;
}
