/**
 * Whether an error means the database cannot be reached right now (PostgreSQL down, restarting,
 * failing over, or the network to it gone), as opposed to a bug or a bad query. Such a request
 * is answered 503 with Retry-After, not 500 (issue 31 §3): the client should simply try again.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Sockets: refused, no route (a reset or a broken pipe is as often a client that left).
    // PostgreSQL: admin or crash shutdown, starting up, connection failures (class 08).
    if (/^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH)$/.test(code)) return true;
    if (/^(57P0[123]|08\d\d\d)$/.test(code)) return true;
  }
  // node-postgres's own wording when the pool cannot connect or the socket closes mid-query.
  return /timeout exceeded when trying to connect|Connection terminated|connection timeout/i.test(
    error.message,
  );
}
