import { Forbidden, HttpError, NotFound, ServiceUnavailable } from '../../errors';
import { SubsonicError } from './subsonic-call';

/**
 * The web app's media services throw HTTP errors; a Subsonic client reads codes. Missing and
 * invisible are both 404 there, so both are 70 here; a refusal (no browse right, a paid track,
 * no downloads left) is 50. A file without audio is not a song: 70.
 */
export function toSubsonicError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error instanceof NotFound || error.statusCode === 400)
    return new SubsonicError(70, 'Not found');
  if (error instanceof Forbidden) return new SubsonicError(50, error.message);
  if (error instanceof ServiceUnavailable) return new SubsonicError(0, error.message);
  return error;
}

/** Runs a media step, answering its HTTP errors as Subsonic codes while nothing is sent yet. */
export async function asSubsonic<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw toSubsonicError(error);
  }
}
