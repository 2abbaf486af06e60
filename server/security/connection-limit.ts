import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Seconds a refused client is told to wait before it tries again. */
const RETRY_AFTER_S = 5;

/**
 * MAX_CONNECTIONS (issue 51): a connection opened while the process already holds that many is
 * answered, not dropped. Node's own `server.maxConnections` destroys such a socket at accept,
 * which a player sees as a reset with no reason; here its request is read and answered 503
 * with Retry-After and `connection: close`, so the client knows to wait and the socket closes
 * cleanly. Counted per process: each of several processes holds its own share.
 */
export function registerConnectionLimit(app: FastifyInstance, max: number): void {
  let open = 0;
  const over = new WeakSet<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open += 1;
    if (open > max) over.add(socket);
    socket.once('close', () => {
      open -= 1;
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!over.has(request.raw.socket)) return;
    await reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_S))
      .header('connection', 'close')
      .send({ error: 'The server is holding as many connections as it may; try again shortly' });
  });
}
