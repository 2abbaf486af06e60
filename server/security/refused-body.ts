import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A refused body of at most this many bytes (declared) is read to its end and dropped, so the
 * client's keep-alive connection carries its next call; a larger or undeclared one costs the
 * connection instead (`Connection: close`), never the bandwidth of the whole upload.
 */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** A sender slower than this while its refused body drains loses the connection. */
const DRAIN_TIMEOUT_MS = 10_000;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

const drainable = (raw: IncomingMessage): boolean => {
  const declared = raw.headers['content-length'];
  return declared !== undefined && Number(declared) <= DRAIN_LIMIT_BYTES;
};

/** Reads what is left of a body nobody will use, within a time bound, and drops it. */
function discardRest(raw: IncomingMessage): void {
  // Whatever was reading it (the multipart parser, a file stream) gave up on it: a paused
  // request stream stops the socket, and the next request on it would never be read.
  raw.unpipe();
  raw.on('data', () => undefined);
  raw.on('error', () => undefined);
  const timer = setTimeout(() => raw.socket.destroy(), DRAIN_TIMEOUT_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/**
 * Every answer sent before its request body was fully received (a refusal of size, type,
 * auth or quota on any route) either drains the rest within a bound or closes the connection.
 * Without this an upload refused mid-body left the socket paused: the 413 reached the client
 * with `Connection: keep-alive`, and the client's next call on that socket was never answered.
 * Replies that tus writes itself (hijacked) never pass here; tus reads or closes on its own.
 */
export function registerRefusedBodyGuard(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (BODYLESS.has(request.method) || raw.complete || raw.readableEnded) return payload;
    if (!drainable(raw)) reply.header('connection', 'close');
    discardRest(raw);
    return payload;
  });
}
