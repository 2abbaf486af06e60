import type { FastifyInstance } from 'fastify';
import { Forbidden } from '../errors';
import { HEALTH_PATHS } from '../../domain/health';

/**
 * One spelling per address: a dual-stack socket reports IPv4 peers as "::ffff:1.2.3.4", and
 * IPv6 may be written in either case. Bans are stored and compared in this form.
 */
export function normalizeIp(ip: string): string {
  const lower = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped?.[1] ?? lower;
}

/**
 * The banned addresses, held in memory and read again at most once a second: the check runs on
 * every request (each range request of every listener), and the list changes only when an
 * administrator bans or lifts a ban. A change made through this process is seen at once
 * (`forget`); one made through another process or app server within a second (decision 0070).
 */
export class BanCache {
  private ips: ReadonlySet<string> = new Set();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<ReadonlySet<string>> | null = null;

  constructor(
    private readonly list: () => Promise<readonly string[]>,
    private readonly maxAgeMs = 1000,
  ) {}

  async isIpBanned(ip: string): Promise<boolean> {
    const ips = Date.now() - this.loadedAt < this.maxAgeMs ? this.ips : await this.reload();
    return ips.has(ip);
  }

  /** A ban or unban just written: the next check reads the list again. */
  forget(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
    this.loading = null;
  }

  /** One read for every request that finds the list old (single flight). */
  private reload(): Promise<ReadonlySet<string>> {
    if (this.loading === null) {
      const loading = this.list().then(
        (list) => {
          const ips = new Set(list);
          // A forget() since this read began: its answer serves the requests that waited.
          if (this.loading === loading) {
            this.ips = ips;
            this.loadedAt = Date.now();
            this.loading = null;
          }
          return ips;
        },
        (error: unknown) => {
          if (this.loading === loading) this.loading = null;
          throw error;
        },
      );
      this.loading = loading;
    }
    return this.loading;
  }
}

/**
 * A banned address gets 403 for every request: API, media, images and the client shell alike.
 * The check looks only at the peer, never at the path, so no spelling of a URL (percent-encoded,
 * doubled slashes, dot segments) can route around it; the one exception is the exact text of the
 * two health paths, which answer only "up" and "ready". Registered first, so nothing runs before.
 */
export function registerIpBan(app: FastifyInstance, bans: Pick<BanCache, 'isIpBanned'>): void {
  app.addHook('onRequest', async (request) => {
    // A load balancer's health checks must not depend on the database (and reveal nothing).
    if (HEALTH_PATHS.has(request.url)) return;
    if (await bans.isIpBanned(normalizeIp(request.ip))) {
      throw new Forbidden('Your network address is banned');
    }
  });
}
