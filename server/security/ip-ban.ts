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
 * A banned address gets 403 for every request: API, media, images and the client shell alike.
 * The check looks only at the peer, never at the path, so no spelling of a URL (percent-encoded,
 * doubled slashes, dot segments) can route around it; the one exception is the exact text of the
 * two health paths, which answer only "up" and "ready". Registered first, so nothing runs before.
 */
/** Where bans are kept (the auth module's sessions repository, handed in by server/root). */
export interface BanList {
  isIpBanned(ip: string): Promise<boolean>;
}

export function registerIpBan(app: FastifyInstance, bans: BanList): void {
  app.addHook('onRequest', async (request) => {
    // A load balancer's health checks must not depend on the database (and reveal nothing).
    if (HEALTH_PATHS.has(request.url)) return;
    if (await bans.isIpBanned(normalizeIp(request.ip))) {
      throw new Forbidden('Your network address is banned');
    }
  });
}
