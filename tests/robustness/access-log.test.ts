import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { continuesAStream, registerAccessLog } from '../../server/plugins/access-log';

/** A Fastify app logging into an array, with the access log as the real app registers it. */
function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerAccessLog(app);
  app.get('/track', async (_request, reply) => reply.code(206).send('bytes'));
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line per request, with method, url, status and time', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ url: '/track' });
    await app.inject({ url: '/track', headers: { range: 'bytes=0-' } });
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done).toHaveLength(2);
    expect(done[0]).toMatchObject({
      req: { method: 'GET', url: '/track' },
      res: { statusCode: 206 },
    });
    expect(typeof done[0]!.responseTime).toBe('number');
    expect(lines.filter((l) => l.msg === 'incoming request')).toHaveLength(0);
    await app.close();
  });

  it('counts the range requests that continue a stream and summarises them once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { app, lines } = appWithLog();
      for (let i = 1; i <= 5; i += 1) {
        await app.inject({ url: '/track', headers: { range: `bytes=${i * 65536}-` } });
      }
      expect(lines).toHaveLength(0);
      vi.setSystemTime(Date.now() + 61_000);
      await app.inject({ url: '/track', headers: { range: 'bytes=999-' } });
      const summary = lines.find((l) => typeof l.rangeRequests === 'number');
      expect(summary).toMatchObject({ rangeRequests: 6 });
      expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(0);
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a stream continuation from a first request by the range start', () => {
    const of = (range?: string) => continuesAStream({ headers: range ? { range } : {} });
    expect(of()).toBe(false);
    expect(of('bytes=0-')).toBe(false);
    expect(of('bytes=0-1023')).toBe(false);
    expect(of('bytes=1024-')).toBe(true);
    expect(of('bytes=-500')).toBe(false);
    expect(of('items=5-')).toBe(false);
  });
});
