import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How often the count of unlogged range requests is written (on the next request after it). */
const SUMMARY_EVERY_MS = 60_000;

/**
 * A player reading a track asks for it in many Range requests (one per buffer it refills), so
 * logging each one made the access log mostly media chunks and cost a JSON line per chunk under
 * load (issue 31 §5). A stream's first request is logged like any other; the requests that
 * continue a stream (a range starting past byte 0) are counted and summarised once a minute,
 * unless they were answered with an error (4xx, 5xx), which is logged like any request.
 */
export const continuesAStream = (request: Pick<FastifyRequest, 'headers'>): boolean => {
  const range = request.headers.range;
  const start = range === undefined ? null : /^bytes=(\d+)-/.exec(range)?.[1];
  return start !== null && start !== undefined && Number(start) > 0;
};

/** One line per request (Fastify's own logging writes two: incoming and completed). */
export function registerAccessLog(app: FastifyInstance): void {
  let continued = 0;
  let since = Date.now();
  app.addHook('onResponse', (request, reply, done) => {
    // An answer that went wrong is always logged, a stream's continuation included.
    if (continuesAStream(request) && reply.statusCode < 400) {
      continued += 1;
    } else {
      request.log.info(
        { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    const now = Date.now();
    if (now - since >= SUMMARY_EVERY_MS && continued > 0) {
      app.log.info(
        { rangeRequests: continued, seconds: Math.round((now - since) / 1000) },
        'media range requests that continued a stream (not logged one by one)',
      );
      continued = 0;
      since = now;
    }
    done();
  });
}
