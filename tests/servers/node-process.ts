import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../server/node/net/free-port';
import { sleep } from './fixtures';

export { freePort };

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface NodeProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL, as a crash or `kill -9` would. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** `npx tsx server/main.ts --node` on loopback with its own DATA_DIR (its own SQLite). */
export async function startNode(options: {
  dataDir: string;
  port: number;
  mainUrl: string;
  token: string;
}): Promise<NodeProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DB;
  const child = spawn('npx', ['tsx', 'server/main.ts', '--node'], {
    cwd: ROOT,
    env: {
      ...env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.mainUrl,
      NODE_TOKEN: options.token,
      DOWNLOADER_ALLOW_PRIVATE: '1',
      DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  for (let i = 0; ; i++) {
    if (output.includes('downloader node listening')) break;
    if (child.exitCode !== null || i > 600) throw new Error(`node did not start:\n${output}`);
    await sleep(50);
  }
  // The whole process group: npx, tsx and the node process under them.
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, name);
    } catch {
      return;
    }
    await exited;
  };
  return {
    url,
    child,
    output: () => output,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
