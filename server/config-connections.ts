import { parseProcesses } from './cluster/processes';
import { optional, type Env } from './config-parse';

/** How many connections one server process holds, and how many wait to be accepted. */
export interface ConnectionsConfig {
  /** MAX_CONNECTIONS: open connections beyond it get a 503 instead of a reset. */
  maxConnections: number;
  /** LISTEN_BACKLOG: connections the kernel queues before accept (capped by somaxconn). */
  listenBacklog: number;
  /** PROCESSES: server processes sharing the port (node:cluster, PostgreSQL only). */
  processes: number;
}

/**
 * Default limit: a listener holds one connection (two while the player reads ahead), so ten
 * thousand covers the busy evening of issue 51 with room to spare, and each open socket costs
 * a file descriptor and tens of KiB of buffers: a bound keeps memory bounded too.
 */
const DEFAULT_MAX_CONNECTIONS = 10_000;
/**
 * Node's default backlog is 511: a crowd of players starting at once overflows it, and the
 * kernel then drops or resets their connection attempts before the server sees them.
 */
const DEFAULT_BACKLOG = 4096;

function positiveInt(name: string, value: string | undefined, fallback: number, max: number) {
  const raw = optional(value);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return Number(raw);
}

export function loadConnectionsConfig(env: Env): ConnectionsConfig {
  return {
    maxConnections: positiveInt(
      'MAX_CONNECTIONS',
      env.MAX_CONNECTIONS,
      DEFAULT_MAX_CONNECTIONS,
      1_000_000,
    ),
    listenBacklog: positiveInt('LISTEN_BACKLOG', env.LISTEN_BACKLOG, DEFAULT_BACKLOG, 65_535),
    processes: parseProcesses(optional(env.PROCESSES)),
  };
}
