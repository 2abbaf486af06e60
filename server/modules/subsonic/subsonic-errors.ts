import type { FastifyError } from 'fastify';
import { ZodError } from 'zod';
import {
  BadRequest,
  Forbidden,
  HttpError,
  NotFound,
  Refused,
  Unauthorized,
  WrongKind,
} from '../../errors';
import { describeZodError } from '../../plugins/errors';
import { SubsonicError, type SubsonicErrorCode } from './subsonic-call';

export interface SubsonicFailure {
  code: SubsonicErrorCode;
  message: string;
  /** Unexpected: logged in full, answered only as "Internal error". */
  log: boolean;
}

/**
 * The code of each kind of error the services /rest reuses throw, by what it is about, whatever
 * the call (first match wins, so a kind comes before the kind it refines):
 * - not signed in (401): 40, wrong username or password;
 * - not allowed (403), or a rule of the item refusing the change (Refused: the liked playlist
 *   cannot be deleted): 50, not authorised for the operation;
 * - missing or invisible (404; a hidden item answers exactly like a missing one), or an item
 *   that is not what the call works on (WrongKind: a cover image asked to stream): 70, not found;
 * - any other 400, a value the call cannot use: 10, as /rest's own parameter checks answer it.
 */
const CODE_OF_KIND: ReadonlyArray<
  readonly [abstract new (...args: never[]) => Error, SubsonicErrorCode]
> = [
  [Unauthorized, 40],
  [Forbidden, 50],
  [Refused, 50],
  [NotFound, 70],
  [WrongKind, 70],
  [BadRequest, 10],
];

const isClientFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error &&
  typeof (error as Partial<FastifyError>).statusCode === 'number' &&
  ((error as FastifyError).statusCode ?? 500) < 500;

/**
 * The one mapping from any error a call throws (its own SubsonicError, or one of a service it
 * shares with /api) to a Subsonic error; the router answers every call's failure with it. Other
 * refusals (too many requests, a conflict, no ffmpeg here: 503) are the generic 0 with their
 * message, which is written for users. Anything unexpected is 0 "Internal error" and nothing more.
 */
export function subsonicErrorOf(error: unknown): SubsonicFailure {
  if (error instanceof SubsonicError)
    return { code: error.code, message: error.message, log: false };
  if (error instanceof HttpError) {
    const kind = CODE_OF_KIND.find(([type]) => error instanceof type);
    if (kind !== undefined) return { code: kind[1], message: error.message, log: false };
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
