import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnreachable } from '../db/unreachable';
import { HttpError, DISK_FULL, isDiskFull } from '../errors';

/** First zod issue as "field: problem", the way the client shows it. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request';
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return 'Request body must be a JSON object';
  }
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

const kib = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Math.floor(bytes / (1024 * 1024))} MiB`
    : `${Math.floor(bytes / 1024)} KiB`;

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';

const OUTAGE_LOG_EVERY_MS = 60_000;
let lastOutageLog = 0;

/** The one place errors become `{ error }` answers; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: describeZodError(error) });
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.status(413).send({
            error: `Request body is too large (${kib(request.routeOptions.bodyLimit)} at most)`,
          });
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return reply.status(400).send({ error: 'Request body is not valid JSON' });
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.status(400).send({ error: 'Request body is empty; send a JSON object' });
        default:
          // JSON.parse failures surface as a SyntaxError carrying status 400.
          if (error instanceof SyntaxError) {
            return reply.status(400).send({ error: 'Request body is not valid JSON' });
          }
          return reply.status(error.statusCode).send({ error: error.message });
      }
    }
    if (isDatabaseUnreachable(error)) {
      // One line per outage, not one per request: a busy server would flood its log.
      if (Date.now() - lastOutageLog > OUTAGE_LOG_EVERY_MS) {
        lastOutageLog = Date.now();
        request.log.error(
          { err: error },
          'database unreachable (further failures for a minute are not logged)',
        );
      }
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'The database cannot be reached right now; try again in a moment' });
    }
    if (isDiskFull(error)) {
      // Not the caller's fault and not a bug: the operator has to free space, so it is logged.
      request.log.error({ err: error }, 'disk full');
      return reply.status(507).send({ error: DISK_FULL });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}
