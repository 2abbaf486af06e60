/**
 * The few aria2 JSON-RPC calls the torrent source needs, over plain HTTP POST with the secret
 * token as the first parameter. See docs/decisions/0028 for why this is not maria2.
 */

export interface Aria2Status {
  gid: string;
  status: 'active' | 'waiting' | 'paused' | 'error' | 'complete' | 'removed';
  totalLength: string;
  completedLength: string;
  downloadSpeed: string;
  connections: string;
  errorCode?: string;
  errorMessage?: string;
  /** A magnet's metadata download is followed by the real download under a new GID. */
  followedBy?: string[];
  dir?: string;
  /** Without `info` while a magnet's metadata is still being fetched. */
  bittorrent?: { info?: { name?: string } };
}

export class Aria2RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export class Aria2Rpc {
  private nextId = 1;

  constructor(
    private readonly url: string,
    private readonly secret: string,
  ) {}

  async call<T>(method: string, ...params: unknown[]): Promise<T> {
    const id = this.nextId++;
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: `aria2.${method}`,
        params: [`token:${this.secret}`, ...params],
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const reply = (await response.json()) as {
      result?: T;
      error?: { code: number; message: string };
    };
    if (reply.error) throw new Aria2RpcError(reply.error.message, reply.error.code);
    return reply.result as T;
  }

  tellStatus(gid: string): Promise<Aria2Status> {
    return this.call<Aria2Status>('tellStatus', gid, [
      'gid',
      'status',
      'totalLength',
      'completedLength',
      'downloadSpeed',
      'connections',
      'errorCode',
      'errorMessage',
      'followedBy',
      'dir',
      'bittorrent',
    ]);
  }

  /** The status, or null when aria2 does not know the GID (e.g. the daemon restarted). */
  async findStatus(gid: string): Promise<Aria2Status | null> {
    try {
      return await this.tellStatus(gid);
    } catch (error) {
      if (error instanceof Aria2RpcError) return null;
      throw error;
    }
  }
}
