/** Errors a handler or service throws on purpose; the error plugin maps them to `{ error }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
/**
 * A well-formed request that a rule of the item refuses (the liked playlist cannot be deleted):
 * 400 for the web app, which shows the message; /rest answers "not authorised" (50).
 */
export class Refused extends BadRequest {}
/**
 * An item that exists but is not what the call works on (a cover image asked to play): 400 for
 * the web app; /rest answers "not found" (70), since there is no such song to a client.
 */
export class WrongKind extends BadRequest {}
export class Unauthorized extends HttpError {
  constructor(message = 'Please login to access this page!') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'You are not allowed to do this') {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      `Too many attempts, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    );
  }
}
/** A payment provider (or another upstream) did not answer usefully. */
export class BadGateway extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}
/** A feature this server cannot offer right now, e.g. transcoding on a machine without ffmpeg. */
export class ServiceUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

/** The one message for a write that found the disk full: the caller learns nothing was kept. */
export const DISK_FULL = "The server's disk is full; nothing was saved";

/** 507: a write failed because the server's disk (or the user's quota on it) is full. */
export class InsufficientStorage extends HttpError {
  constructor() {
    super(507, DISK_FULL);
  }
}

// ENOSPC/EDQUOT from the file system, SQLITE_FULL from SQLite, 53100 (disk_full) from PostgreSQL.
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Whether an error (or the error it wraps) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 3; depth += 1) {
    if (e instanceof InsufficientStorage) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
