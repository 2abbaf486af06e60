import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';
import { Unauthorized } from '../../errors';
import { SubsonicAuth } from './subsonic-auth';
import { SENT, type SubsonicPayload } from './subsonic-call';
import { SUBSONIC_CALLS } from './subsonic-calls';
import { formatOf, renderError, renderOk, type SubsonicFormat } from './subsonic-envelope';
import { subsonicErrorOf } from './subsonic-errors';
import { FORM_BODY_LIMIT, subsonicParams } from './subsonic-request';
import { PUBLIC_SUBSONIC_CALLS } from './subsonic-system.calls';

/** Answers are for whoever holds the credentials in the URL; an app never shares them. */
const NO_STORE = 'no-store';

/** The format the caller asked for; XML when even that cannot be read. */
function safeFormat(request: FastifyRequest): SubsonicFormat {
  try {
    return formatOf(subsonicParams(request));
  } catch {
    return { kind: 'xml' };
  }
}

function send(
  reply: FastifyReply,
  status: number,
  rendered: { body: string; contentType: string },
) {
  return reply
    .status(status)
    .header('content-type', rendered.contentType)
    .header('cache-control', NO_STORE)
    .send(rendered.body);
}

const sendPayload = (reply: FastifyReply, payload: SubsonicPayload, format: SubsonicFormat) =>
  send(reply, 200, renderOk(payload, format));

/** The call named by the path, without `.view`; only the table's own keys count. */
function handlerOf(call: string) {
  const name = call.endsWith('.view') ? call.slice(0, -'.view'.length) : call;
  return { name, handler: Object.hasOwn(SUBSONIC_CALLS, name) ? SUBSONIC_CALLS[name] : undefined };
}

/**
 * The OpenSubsonic API at /rest/{call} and /rest/{call}.view, by GET and by form POST. Apps
 * prove who they are in the parameters (an app password, subsonic-auth.ts), never with the
 * web app's cookie: the XSRF check and the body guard leave /rest alone, and inside it the
 * request's caller is the app password's user whatever cookie came along. Every answer,
 * refusals and errors included, is the subsonic-response envelope (subsonic-envelope.ts),
 * with HTTP 200 except for an unknown call (404).
 */
export function subsonicRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = new SubsonicAuth(deps);

  void app.register((rest, _options, done) => {
    rest.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, parsed) => parsed(null, body),
    );
    // Any other body is not parameters: read (within the limit) and ignored.
    rest.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
      (_r, _b, parsed) => parsed(null, undefined),
    );

    // A cookie never signs a /rest call in: until the parameters do, there is no caller. For
    // the same reason any web page may call /rest (web players hosted elsewhere): a browser's
    // cookie proves nothing here, so CORS protects nothing.
    rest.addHook('onRequest', (request, reply, next) => {
      request.callerOrNull = () => Promise.resolve(null);
      request.caller = () => Promise.reject(new Unauthorized());
      reply.header('access-control-allow-origin', '*');
      next();
    });
    rest.options('/rest/*', (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'Content-Type, Range')
        .header('access-control-max-age', '86400')
        .send(),
    );

    rest.setErrorHandler((error: unknown, request, reply) => {
      const { code, message, log } = subsonicErrorOf(error);
      if (log) request.log.error({ err: error }, 'subsonic call failed');
      if (reply.sent || reply.raw.headersSent) return;
      return send(reply, 200, renderError(code, message, safeFormat(request)));
    });

    const unknownCall = (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, 404, renderError(0, 'Unknown call', safeFormat(request)));

    // An app pointed at the bare API address gets an envelope, not the web app's page.
    rest.route({ method: ['GET', 'POST'], url: '/rest', handler: unknownCall });
    rest.route({ method: ['GET', 'POST'], url: '/rest/', handler: unknownCall });

    rest.route<{ Params: { call: string } }>({
      method: ['GET', 'POST'],
      url: '/rest/:call',
      handler: async (request, reply) => {
        const { name, handler } = handlerOf(request.params.call);
        if (handler === undefined) return unknownCall(request, reply);
        const params = subsonicParams(request);
        const format = formatOf(params);
        const open = PUBLIC_SUBSONIC_CALLS[name];
        if (open !== undefined && Object.hasOwn(PUBLIC_SUBSONIC_CALLS, name)) {
          return sendPayload(reply, open(), format);
        }
        const caller: Caller = await auth.authenticate(params, request.ip);
        // Services reused from /api that ask the request get the app password's user.
        request.callerOrNull = () => Promise.resolve(caller);
        request.caller = () => Promise.resolve(caller);
        const payload = await handler({ caller, params, deps, request, reply });
        if (payload === SENT) return reply;
        return sendPayload(reply, payload, format);
      },
    });
    rest.route({ method: ['GET', 'POST'], url: '/rest/*', handler: unknownCall });
    done();
  });
}
