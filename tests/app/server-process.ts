import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { freePort } from '../../server/node/net/free-port';

/** A server started the way an operator starts it, in a process of its own. */
export interface ServerProcess {
  /** The process spawned (npm for `npm run serve`, node itself otherwise). */
  child: ChildProcess;
  base: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Spawns `command`, then waits for the server's start line and a healthy /healthz. */
export async function startServer(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    base,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    if (output.includes('Musicbox is running')) {
      const health = await fetch(`${base}/healthz`).catch(() => null);
      if (health?.status === 200) return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The direct child processes of a process (every thread's children, as Linux lists them). */
export async function childPids(pid: number): Promise<number[]> {
  const threads = await readdir(`/proc/${pid}/task`);
  const lists = await Promise.all(
    threads.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')),
  );
  return lists.flatMap((list) =>
    list
      .split(' ')
      .filter((id) => id !== '')
      .map(Number),
  );
}

/** A process's arguments, as the kernel has them (argv[0] first). */
export async function commandLine(pid: number): Promise<string[]> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8');
  return raw.split('\0').filter((arg) => arg !== '');
}

/** Resident memory of a process, in KiB (VmRSS). */
export async function residentKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

/** Whether a process, or any process below it, runs esbuild (tsx's transform service). */
export async function runsEsbuild(pid: number): Promise<boolean> {
  for (const child of await childPids(pid)) {
    const args = await commandLine(child).catch(() => []);
    if (args.some((arg) => /esbuild/.test(arg))) return true;
    if (await runsEsbuild(child)) return true;
  }
  return false;
}

/** A cookie-keeping HTTP client speaking to a server over the network, XSRF token included. */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(private base: string) {}

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf !== undefined) headers['x-xsrf-token'] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** Signs in; the first refused attempt only fetches the XSRF cookie. */
  async login(username: string, password: string): Promise<void> {
    await this.request('GET', '/api/settings/public');
    let response = await this.request('POST', '/api/login', { username, password });
    if (response.status === 403)
      response = await this.request('POST', '/api/login', { username, password });
    if (response.status !== 200)
      throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }
}
