import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a real server (PostgreSQL here), that a test can take down and bring
 * back on the same port, or turn into a black hole that accepts connections and never answers.
 */
export interface TcpProxy {
  port: number;
  /** Refuses new connections and cuts every open one, as a stopped database host does. */
  stop(): Promise<void>;
  /** Listens again on the same port and relays. */
  start(): Promise<void>;
  /** Accepts connections and sends nothing either way (a dropped route, a hung server). */
  blackHole(on: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let swallow = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (swallow) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    stop,
    start: () => listen(port),
    blackHole(on) {
      swallow = on;
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
