import type { FastifyError } from 'fastify';
import { ZodError } from 'zod';
import {
  BadRequest,
  Forbidden,
  HttpError,
  NotFound,
  TooManyRequests,
  Unauthorized,
} from '../../errors';
import { describeZodError } from '../../plugins/errors';
import { SubsonicError, type SubsonicErrorCode } from './subsonic-call';

export interface SubsonicFailure {
  code: SubsonicErrorCode;
  message: string;
  /** Unexpected: logged in full, answered only as "Internal error". */
  log: boolean;
}

const isClientFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error &&
  typeof (error as Partial<FastifyError>).statusCode === 'number' &&
  ((error as FastifyError).statusCode ?? 500) < 500;

/**
 * Any error a call (or a service it reuses from /api) throws, as a Subsonic error: the
 * app's HttpErrors by meaning (not found 70, not allowed 50, not signed in 40, bad input 10),
 * the rest of them as the generic 0 with their message, which is written for users. Anything
 * unexpected is 0 "Internal error" and nothing more.
 */
export function subsonicErrorOf(error: unknown): SubsonicFailure {
  if (error instanceof SubsonicError)
    return { code: error.code, message: error.message, log: false };
  if (error instanceof NotFound) return { code: 70, message: error.message, log: false };
  if (error instanceof Forbidden) return { code: 50, message: error.message, log: false };
  if (error instanceof Unauthorized) return { code: 40, message: error.message, log: false };
  if (error instanceof BadRequest) return { code: 10, message: error.message, log: false };
  if (error instanceof TooManyRequests) return { code: 0, message: error.message, log: false };
  if (error instanceof HttpError) {
    return error.statusCode < 500 || error.statusCode === 503
      ? { code: 0, message: error.message, log: false }
      : { code: 0, message: 'Internal error', log: true };
  }
  if (error instanceof ZodError) return { code: 10, message: describeZodError(error), log: false };
  if (isClientFastifyError(error)) {
    // Fastify's own refusals (a body too large, a bad content type): the caller's mistake.
    return { code: error.statusCode === 400 ? 10 : 0, message: error.message, log: false };
  }
  return { code: 0, message: 'Internal error', log: true };
}
