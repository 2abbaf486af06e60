import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccessLog } from '../../server/plugins/access-log';

/** An app with the real access log, logging into an array; /track answers with ?status. */
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
  app.get<{ Querystring: { status?: string } }>('/track', async (request, reply) =>
    reply.code(Number(request.query.status ?? 206)).send('bytes'),
  );
  app.post('/api/search', () => Promise.resolve({ data: [] }));
  const logged = () =>
    lines
      .filter((l) => l.msg === 'request completed')
      .map((l) => {
        const { req, res } = l as {
          req: { method: string; url: string };
          res: { statusCode: number };
        };
        return `${req.method} ${req.url} ${res.statusCode}`;
      });
  return { app, logged };
}

describe('the summarised access log (issue 31 §5)', () => {
  it('still logs a stream continuation that was answered with an error', async () => {
    const { app, logged } = appWithLog();
    const continuing = { range: 'bytes=65536-' };
    await app.inject({ url: '/track', headers: continuing });
    await app.inject({ url: '/track?status=416', headers: continuing });
    await app.inject({ url: '/track?status=404', headers: continuing });
    await app.inject({ url: '/track?status=500', headers: continuing });
    expect(logged()).toEqual([
      'GET /track?status=416 416',
      'GET /track?status=404 404',
      'GET /track?status=500 500',
    ]);
    await app.close();
  });

  it('logs every request that is not a stream continuation, media or not', async () => {
    const { app, logged } = appWithLog();
    await app.inject({ method: 'POST', url: '/api/search', payload: {} });
    await app.inject({ url: '/track', headers: { range: 'bytes=0-' } });
    await app.inject({ url: '/track' });
    expect(logged()).toEqual(['POST /api/search 200', 'GET /track 206', 'GET /track 206']);
    await app.close();
  });
});
