import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../errors';

/** Bodies above this need a route that asks for more (uploads, tags with a cover). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Calls a signed-out visitor may send a body to; every other body needs a session first. */
const PUBLIC_BODY_ROUTES = new Set([
  'POST /api/login',
  'POST /api/register',
  'POST /api/reset_password',
  'PUT /api/reset_password',
  'POST /api/user/confirm_email',
  'POST /api/contact',
  // Listening parties the host opened to signed-out guests (the service decides, decision 0067).
  'PUT /api/party/:token/track',
  'PUT /api/party/:token/vote',
]);
/**
 * Callers that prove themselves without a session cookie: payment providers call the webhooks
 * (a signature over the raw body), downloader nodes the ingest routes (their server token,
 * checked before any body is read), apps the OpenSubsonic API at /rest (an app password in
 * the parameters; its form bodies have their own small limit). The XSRF check exempts the
 * same routes.
 */
export const NON_COOKIE_ROUTE_PREFIXES = [
  '/api/payments/webhook/',
  '/downloader/ingest/',
  '/rest/',
];

/** Matched on the route pattern, not the raw URL: no spelling of a path can borrow it. */
export const isNonCookieRoute = (route: string | undefined): boolean =>
  route !== undefined && NON_COOKIE_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix));

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isPublic(request: FastifyRequest): boolean {
  // The matched route pattern, not the raw URL: no spelling of a path can select another rule.
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return PUBLIC_BODY_ROUTES.has(`${request.method} ${route}`) || isNonCookieRoute(route);
}

/**
 * Refuses a signed-out caller before the body is read. Routes check the session themselves,
 * but only in their handler, after Fastify has buffered and parsed the whole body: without
 * this, anyone could make the server take in and parse megabytes per request for a 401.
 */
/**
 * What the guard asks of the session plugin: is this request signed in? Declared here, so the
 * security folder imports nothing from plugins (plugins import security, not the reverse).
 */
export interface SessionLookup {
  get(request: FastifyRequest): Promise<unknown>;
}

export function registerBodyGuard(app: FastifyInstance, sessions: SessionLookup): void {
  app.addHook('onRequest', async (request, reply) => {
    if (BODYLESS.has(request.method) || isPublic(request)) return;
    if ((await sessions.get(request)) !== null) return;
    // Do not keep the connection only to drain an upload nobody will read.
    reply.header('connection', 'close');
    throw new Unauthorized();
  });
}
