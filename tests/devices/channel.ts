import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { DeviceChannelMessage } from '../../domain/devices';
import type { TestClient } from '../helpers/client';

/** A device id as a web app makes one. */
export const deviceId = (name: string) => `device-${name}-0123456789`;

export const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

export interface Channel {
  socket: WebSocket;
  messages: DeviceChannelMessage[];
  /** Resolves with the first message (already received or coming) that matches. */
  next(
    match: (m: DeviceChannelMessage) => boolean,
    timeoutMs?: number,
  ): Promise<DeviceChannelMessage>;
  /** Resolves with the close code once the server closes the channel. */
  closed(timeoutMs?: number): Promise<number>;
  send(report: unknown): void;
}

/** What the upgrade was answered with when the server refused it. */
export function refusal(
  port: number,
  headers: Record<string, string>,
  query = `deviceId=${deviceId('x')}`,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/devices/channel?${query}`, {
      headers,
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => reject(new Error('the channel opened')));
    socket.on('error', () => undefined);
  });
}

export const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens a device's channel as the web app does: the session cookie and this site's Origin. */
export function openChannel(port: number, client: TestClient, id: string): Promise<Channel> {
  const origin = `http://127.0.0.1:${port}`;
  const socket = new WebSocket(
    `ws://127.0.0.1:${port}/api/devices/channel?deviceId=${id}&name=${encodeURIComponent(id)}`,
    { headers: { cookie: cookieOf(client), origin } },
  );
  const messages: DeviceChannelMessage[] = [];
  const waiters: Array<() => void> = [];
  let closeCode: number | null = null;
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as DeviceChannelMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('close', (code: number) => {
    closeCode = code;
    for (const wake of waiters.splice(0)) wake();
  });
  const wait = async <T>(found: () => T | undefined, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  const channel: Channel = {
    socket,
    messages,
    // A message is taken once: the next call waits for the next one that matches.
    next: (match, timeoutMs = 3000) =>
      wait(
        () => {
          const hit = messages.find(match);
          if (hit !== undefined) messages.splice(messages.indexOf(hit), 1);
          return hit;
        },
        timeoutMs,
        'message',
      ),
    closed: (timeoutMs = 5000) => wait(() => closeCode ?? undefined, timeoutMs, 'close'),
    send: (report) => socket.send(JSON.stringify(report)),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(channel));
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`channel refused: ${res.statusCode}`)),
    );
  });
}
