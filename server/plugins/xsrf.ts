import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden } from '../errors';
import { isNonCookieRoute } from '../security/body-guard';
import { randomToken, safeEqual, TOKEN_PATTERN } from '../security/tokens';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers a page reads the token from: the shell and the API. */
const TOKEN_CARRIERS = /^(?:text\/html|application\/json)\b/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the caller has no valid token: one is issued with the answer. */
    xsrfMissing?: boolean;
  }
}

/**
 * Double-submit token: the client reads the (non-httpOnly) cookie and echoes it in a header.
 * Another site can make the browser send the cookie but cannot read it to set the header.
 * Checked in onRequest, before the body is parsed, so a refused request changes nothing.
 * A new token rides only on HTML and API answers: a Set-Cookie on a hashed asset would keep
 * shared caches from storing it, and media or images never need one.
 */
export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const valid = cookie !== undefined && TOKEN_PATTERN.test(cookie);
    request.xsrfMissing = !valid;
    if (SAFE_METHODS.has(request.method)) return done();
    // Webhooks and node ingest carry no cookie: a signature or a server token is their check.
    if (isNonCookieRoute(request.routeOptions.url)) return done();
    const header = request.headers[XSRF_HEADER];
    if (!valid || typeof header !== 'string' || !safeEqual(header, cookie)) {
      return done(new Forbidden('Missing or invalid XSRF token'));
    }
    done();
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    // Cookie-less callers (webhooks, nodes, /rest apps) have no page to read a token from.
    if (!request.xsrfMissing || isNonCookieRoute(request.routeOptions.url)) {
      return done(null, payload);
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (TOKEN_CARRIERS.test(type) || request.url.startsWith('/api/')) {
      reply.setCookie(XSRF_COOKIE, randomToken(), {
        httpOnly: false,
        sameSite: 'lax',
        path: '/',
        secure: request.protocol === 'https',
      });
    }
    done(null, payload);
  });
}
