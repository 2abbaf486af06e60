import type { FastifyInstance } from 'fastify';
import { LivenessSchema, ReadinessSchema, type Readiness } from '../../../domain/health';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { assertWritable } from '../../storage/work-files';

const tags = ['health'];
/** A check that takes longer than this counts as unreachable: the proxy must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

/** Paths a reverse proxy or an orchestrator polls; no session, ban or rate limit applies. */

const within = async (check: Promise<unknown>): Promise<'ok' | 'unreachable'> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
};

/**
 * GET /healthz (the process answers) and GET /readyz (the database answers, the data folder is
 * writable and the object storage bucket answers when configured; 503 while draining after
 * SIGTERM) for load balancers (issue 32).
 */
export function healthRoutes(app: FastifyInstance, { config, files, services }: AppDeps): void {
  const r = api(app);
  const { health } = services;
  // From SIGTERM on (app.close): a readiness check still in flight says so.
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });

  r.get('/healthz', { schema: { tags, response: { 200: LivenessSchema } } }, () => ({
    status: 'ok' as const,
  }));

  r.get(
    '/readyz',
    { schema: { tags, response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        within(health.database()),
        // The data folder holds temporary files on object storage too: both must work.
        within(Promise.all([assertWritable(config.dataDir), files.storage.check()])),
      ]);
      const state: Readiness['status'] = draining
        ? 'draining'
        : database === 'ok' && storage === 'ok'
          ? 'ready'
          : 'not-ready';
      reply.header('cache-control', 'no-store');
      return reply.status(state === 'ready' ? 200 : 503).send({ status: state, database, storage });
    },
  );
}
