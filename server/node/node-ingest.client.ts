import path from 'node:path';
import { Readable } from 'node:stream';
import { fileInfo, listTree, readStream } from '../storage/folder-reads';

/**
 * A node's side of the hand-over: streams each finished file to the main app and asks it to
 * import them as one collection. Authenticated by NODE_TOKEN; the token is never logged.
 */
export class MainAppClient {
  constructor(
    private readonly mainUrl: string,
    private readonly token: string,
  ) {}

  async ingest(dir: string, name: string | null, signal: AbortSignal): Promise<number> {
    const { ingestId } = (await this.json('POST', '/downloader/ingest/begin', {}, signal)) as {
      ingestId: string;
    };
    const entries = await listTree(dir);
    for (const entry of entries) {
      if (entry.kind !== 'file' || entry.name.startsWith('.')) continue;
      const file = entry.path;
      const relative = path.relative(dir, file).split(path.sep).join('/');
      const response = await fetch(
        `${this.mainUrl}/downloader/ingest/${ingestId}/file?path=${encodeURIComponent(relative)}`,
        {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${this.token}`,
            'content-type': 'application/octet-stream',
            'content-length': String((await fileInfo(file)).size),
          },
          body: Readable.toWeb(readStream(file)) as ReadableStream,
          duplex: 'half',
          signal,
        } as RequestInit,
      );
      if (!response.ok)
        throw new Error(`main app refused ${relative}: ${await errorText(response)}`);
    }
    const { collectionId } = (await this.json(
      'POST',
      `/downloader/ingest/${ingestId}/finish`,
      { name },
      signal,
    )) as { collectionId: number };
    return collectionId;
  }

  async sendLog(lines: string[]): Promise<void> {
    await this.json('POST', '/downloader/ingest/log', { lines }, AbortSignal.timeout(10_000));
  }

  private async json(
    method: string,
    route: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.mainUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new Error(
        `the main app at ${this.mainUrl} does not answer: ${(error as Error).message}`,
      );
    }
    if (!response.ok) throw new Error(`the main app refused: ${await errorText(response)}`);
    return response.status === 204 ? null : response.json();
  }
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') return error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

/** Batches a node's log lines to the main app, which writes them to DATA_DIR/logs/<serverId>/. */
export class LogShipper {
  private buffer: string[] = [];
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly client: MainAppClient,
    everyMs = 2000,
  ) {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  write(line: string): void {
    console.log(line);
    if (this.buffer.length < 10_000) this.buffer.push(`${new Date().toISOString()} ${line}`);
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const lines = this.buffer.splice(0, 1000);
    // The main app may be restarting: keep the lines for the next round.
    await this.client.sendLog(lines).catch(() => this.buffer.unshift(...lines));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
