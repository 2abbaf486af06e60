import { optional, type Env } from '../../config-parse';

export interface JobsConfig {
  /** SESSION_SWEEP_SECONDS: how often expired sessions are deleted (6 h). */
  sessionSweepMs: number;
  /**
   * JOB_LEASE_SECONDS: on PostgreSQL, how often a running import's server is checked to be
   * alive (60). An import whose server was killed continues on another within ~3 leases; a
   * built-in download (server 0) whose server was killed, within one.
   */
  leaseSeconds: number;
}

function wholeSeconds(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = optional(value);
  if (raw === undefined) return fallback;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < min || seconds > max)
    throw new Error(`${name} must be whole seconds from ${min} to ${max}`);
  return seconds;
}

export function loadJobsConfig(env: Env): JobsConfig {
  return {
    sessionSweepMs:
      1000 * wholeSeconds('SESSION_SWEEP_SECONDS', env.SESSION_SWEEP_SECONDS, 21_600, 1, 604_800),
    leaseSeconds: wholeSeconds('JOB_LEASE_SECONDS', env.JOB_LEASE_SECONDS, 60, 1, 3_600),
  };
}
