import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../net/free-port';
import { Aria2Rpc } from './aria2-rpc';

export interface Aria2DaemonOptions {
  /** The aria2c to run: a name looked up on PATH or an absolute path. */
  binary: string;
  /** Replaces PATH when looking the binary up (tests: a folder without aria2c). */
  pathEnv?: string;
  /** The DHT lets magnets without a tracker find peers; tests on loopback turn it off. */
  dht: boolean;
  /** Bytes per second over all downloads; 0 or undefined for no limit. */
  downloadLimit?: number;
}

/** True when `binary` runs as aria2c. */
export function aria2Installed(binary: string, pathEnv?: string): boolean {
  const env = pathEnv === undefined ? process.env : { ...process.env, PATH: pathEnv };
  const result = spawnSync(binary, ['--version'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.status === 0 && /^aria2 version/m.test(result.stdout ?? '');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One aria2c child owned by this process: RPC on a random loopback port with a random secret,
 * its own scratch folder, and `--stop-with-process` so it never outlives a crashed server.
 */
export class Aria2Daemon {
  private exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly rpc: Aria2Rpc,
    private readonly workDir: string,
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  static async start(options: Aria2DaemonOptions): Promise<Aria2Daemon> {
    const workDir = await mkdtemp(join(tmpdir(), 'aria2-'));
    const [rpcPort, peerPort] = [await freePort(), await freePort()];
    const secret = randomBytes(24).toString('hex');
    const args = [
      '--no-conf=true',
      '--enable-rpc=true',
      `--rpc-listen-port=${rpcPort}`,
      '--rpc-listen-all=false',
      `--rpc-secret=${secret}`,
      '--rpc-max-request-size=16M',
      // Uploaded torrents are re-sent by the caller on a resume, never written into job.dir.
      '--rpc-save-upload-metadata=false',
      '--bt-save-metadata=false',
      '--follow-torrent=mem',
      '--seed-time=0',
      `--listen-port=${peerPort}`,
      `--dht-listen-port=${peerPort}`,
      `--enable-dht=${options.dht}`,
      '--enable-dht6=false',
      `--dht-file-path=${join(workDir, 'dht.dat')}`,
      '--file-allocation=none',
      '--auto-file-renaming=false',
      `--max-overall-download-limit=${options.downloadLimit ?? 0}`,
      `--stop-with-process=${process.pid}`,
      '--console-log-level=error',
      '--summary-interval=0',
      '--quiet=true',
    ];
    const env =
      options.pathEnv === undefined ? process.env : { ...process.env, PATH: options.pathEnv };
    const child = spawn(options.binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr = { text: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.text = (stderr.text + chunk.toString()).slice(-2000);
    });
    const failed = new Promise<Error>((resolve) => {
      child.once('error', (error) => resolve(error));
      child.once('exit', (code) =>
        resolve(new Error(`aria2c stopped at start (${code}): ${stderr.text.trim()}`)),
      );
    });
    const daemon = new Aria2Daemon(
      child,
      new Aria2Rpc(`http://127.0.0.1:${rpcPort}/jsonrpc`, secret),
      workDir,
    );
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const ready = await Promise.race([
        daemon.rpc.call('getVersion').then(
          () => true,
          () => false,
        ),
        failed,
      ]);
      if (ready instanceof Error) {
        await rm(workDir, { recursive: true, force: true });
        throw ready;
      }
      if (ready) return daemon;
      await wait(100);
    }
    await daemon.stop();
    throw new Error(`aria2c did not answer on its RPC port: ${stderr.text.trim()}`);
  }

  /** Calls `listener` once when the child exits, whoever stopped it. */
  onExit(listener: () => void): void {
    void this.exited.then(listener);
  }

  /** Asks aria2 to stop (it closes files and peers), then kills it if it lingers; reaps it. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      // SIGTERM, not the forceShutdown call: aria2 answers the signal in about a second, the
      // RPC call in four or more.
      this.child.kill('SIGTERM');
      const gone = await Promise.race([this.exited.then(() => true), wait(3000).then(() => false)]);
      if (!gone) {
        this.child.kill('SIGKILL');
        await this.exited;
      }
    }
    await rm(this.workDir, { recursive: true, force: true });
  }
}
