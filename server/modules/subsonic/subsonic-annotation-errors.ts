import { BadRequest, Forbidden, HttpError, NotFound } from '../../errors';
import { SubsonicError } from './subsonic-call';

/**
 * The web app's playlists, likes and queue services throw HTTP errors; a Subsonic client reads
 * codes. Missing and invisible are both 404 there (someone else's private playlist too), so both
 * are 70; a refusal (no browse right, someone else's playlist, renaming the liked playlist) is
 * 50, "not authorised".
 */
export function refusalAsSubsonic(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error instanceof NotFound) return new SubsonicError(70, error.message);
  if (error instanceof Forbidden || error instanceof BadRequest)
    return new SubsonicError(50, error.message);
  return error;
}

/** Runs a service step, answering its HTTP errors as Subsonic codes. */
export async function subsonicStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw refusalAsSubsonic(error);
  }
}

/**
 * Runs an annotations service step. Its 404s name what was missing ("File not found"); /rest
 * answered every missing or hidden star and rating target with the one 70 "Not found", so an
 * app cannot tell a hidden item from an absent one by the message either.
 */
export async function annotationStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof NotFound) throw new SubsonicError(70, 'Not found');
    throw refusalAsSubsonic(error);
  }
}
