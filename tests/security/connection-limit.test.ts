import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { listenOnLoopback, rawRequest } from './raw-http';

/** An idle connection the server counts, as a player's kept-alive socket is. */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends one request by hand; answers what came back and how the socket ended. */
function requestOn(port: number): Promise<{ text: string; ended: 'end' | 'reset' }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve({ text, ended: 'end' }));
    socket.on('error', () => resolve({ text, ended: 'reset' }));
  });
}

describe('MAX_CONNECTIONS (issue 51)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS: '2' } });
    port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  it('answers a connection over the limit with a 503 and closes it cleanly, then takes new ones once one closes', async () => {
    const held = [await openSocket(port), await openSocket(port)];
    const refused = await requestOn(port);
    expect(refused.ended).toBe('end');
    expect(refused.text).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.text).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(refused.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(refused.text).toContain('"error":"The server is holding as many connections');

    held[0]!.destroy();
    let answer = await rawRequest(port, { path: '/healthz' });
    // The server hears the close a moment after the client makes it.
    for (let i = 0; i < 50 && answer.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 20));
      answer = await rawRequest(port, { path: '/healthz' });
    }
    expect(answer.status).toBe(200);
    held[1]!.destroy();
  });

  it('refuses a limit that is not a positive whole number, naming the variable', () => {
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => loadConfig({ MAX_CONNECTIONS: bad })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ LISTEN_BACKLOG: '70000' })).toThrow(/LISTEN_BACKLOG/);
    expect(loadConfig({}).connections).toEqual({
      maxConnections: 10_000,
      listenBacklog: 4096,
      processes: 1,
    });
  });
});
