/**
 * One GET started before the app's code has loaded, or its answer found in the page
 * (src/app/early-data.ts), handed to the first `api()` call for the same address instead of a
 * second request. Taken once, and only while
 * fresh: a later call (a refetch, another visit of the page) always asks the server again.
 */
const FRESH_MS = 15_000;

let early: { path: string; response: Promise<Response>; startedAt: number } | null = null;

export function startEarlyResponse(path: string): Promise<Response> {
  const response = fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'include',
  });
  // An unused early request that fails must not surface as an unhandled rejection.
  response.catch(() => undefined);
  early = { path, response, startedAt: Date.now() };
  return response;
}

/** An answer the server put in the page itself (server/first-view/): no request at all. */
export function provideEarlyResponse(path: string, json: string): void {
  const response = Promise.resolve(
    new Response(json, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  early = { path, response, startedAt: Date.now() };
}

export function takeEarlyResponse(path: string): Promise<Response> | null {
  const found = early;
  if (!found || found.path !== path) return null;
  early = null;
  return Date.now() - found.startedAt <= FRESH_MS ? found.response : null;
}
