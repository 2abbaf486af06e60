import { z } from 'zod';

/** The two health paths: the only addresses a banned peer may still ask (server/security). */
export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** GET /healthz: the process is up and answering (no database or disk is touched). */
export const LivenessSchema = z.object({ status: z.literal('ok') });

const CheckSchema = z.enum(['ok', 'unreachable']);

/**
 * GET /readyz: whether this server should get traffic. 200 with `ready` when the database
 * answers and the data folder is writable; 503 otherwise, and while it drains after SIGTERM.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready', 'draining']),
  database: CheckSchema,
  storage: CheckSchema,
});
export type Readiness = z.infer<typeof ReadinessSchema>;
