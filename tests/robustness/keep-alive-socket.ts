import net from 'node:net';

/** One HTTP/1.1 answer read off a socket. */
export interface SocketAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawCall {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

/** The two answers of a refused body and the call that followed it. */
export interface RefusalThenNext {
  refused: SocketAnswer;
  next: SocketAnswer | 'no answer';
  /** Whether the next call went over the refused call's socket (false: the server closed it). */
  sameSocket: boolean;
}

// How long a call may stay unanswered before the test calls it wedged (not a timing assertion:
// a healthy server answers in milliseconds, a wedged one never does).
const NO_ANSWER_AFTER_MS = 8000;

const requestHead = (call: RawCall, port: number): Buffer => {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'keep-alive',
    ...call.headers,
  };
  if (call.body !== undefined && !('transfer-encoding' in headers))
    headers['content-length'] = String(call.body.length);
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return Buffer.from(`${call.method} ${call.path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
};

/** Reads answers one after another from what arrives on a socket. */
class AnswerReader {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;

  constructor(socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    // A server that answers early and closes resets our writes: the answer is what counts.
    socket.on('error', () => undefined);
  }

  private parse(): SocketAnswer | null {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffered.subarray(0, end).toString().split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffered.length < end + 4 + length) return null;
    const body = this.buffered.subarray(end + 4, end + 4 + length).toString();
    this.buffered = this.buffered.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  async next(): Promise<SocketAnswer | 'no answer'> {
    const deadline = Date.now() + NO_ANSWER_AFTER_MS;
    for (;;) {
      const answer = this.parse();
      if (answer) return answer;
      if (this.closed || Date.now() > deadline) return 'no answer';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
  }

  async untilClosed(): Promise<boolean> {
    const deadline = Date.now() + NO_ANSWER_AFTER_MS;
    while (!this.closed && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return this.closed;
  }
}

const connect = (port: number): Promise<net.Socket> =>
  new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });

/**
 * Sends `first` (whole body, as a browser keeps sending after an early answer) on a keep-alive
 * socket, reads its answer, then sends `next` the way a client with a connection pool would:
 * on the same socket when the server kept it open, on a new one when the server said
 * `Connection: close` (and then the old socket must really close).
 */
export async function refusalThenNext(
  port: number,
  first: RawCall,
  next: RawCall,
): Promise<RefusalThenNext> {
  const socket = await connect(port);
  const reader = new AnswerReader(socket);
  socket.write(requestHead(first, port));
  if (first.body) socket.write(first.body);
  const refused = await reader.next();
  if (refused === 'no answer') {
    socket.destroy();
    throw new Error(`${first.method} ${first.path}: no answer to the refused call itself`);
  }
  try {
    if (refused.headers.connection?.toLowerCase() === 'close') {
      if (!(await reader.untilClosed()))
        throw new Error('Connection: close was answered but the socket stayed open');
      const fresh = await connect(port);
      const freshReader = new AnswerReader(fresh);
      fresh.write(requestHead(next, port));
      if (next.body) fresh.write(next.body);
      const answer = await freshReader.next();
      fresh.destroy();
      return { refused, next: answer, sameSocket: false };
    }
    socket.write(requestHead(next, port));
    if (next.body) socket.write(next.body);
    return { refused, next: await reader.next(), sameSocket: true };
  } finally {
    socket.destroy();
  }
}
