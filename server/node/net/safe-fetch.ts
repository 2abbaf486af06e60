import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { readCapped } from '../../security/read-capped';
import { isPrivateAddress } from './private-address';

export interface SafeFetchOptions {
  /** Replaces the global fetch (tests); the address checks still run. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Allow loopback/LAN addresses (tests, or an admin who runs a tracker on the LAN). */
  allowPrivate?: boolean;
  headers?: Record<string, string>;
  /** Sent to the first URL's origin only: a redirect to another site must not carry it. */
  cookie?: string;
  signal?: AbortSignal;
  /** Names the thing in error messages: "feed", "torrent file". */
  what?: string;
}

export interface SafeFetchResult {
  body: Buffer;
  contentType: string | null;
  finalUrl: string;
}

const DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

async function assertPublicHost(url: URL, what: string): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new Error(`${what} host ${host} could not be resolved`);
  const refused = addresses.find(isPrivateAddress);
  if (refused)
    throw new Error(`${what} address ${url.host} is on a private network (${refused}): refused`);
}

/**
 * GET of a user-supplied http(s) URL with the guards a server needs: every hop's host is
 * resolved and refused when private (unless allowed), redirects are followed by hand up to a
 * cap, the whole exchange has a timeout and the body a size cap. The resolution and the
 * connection are separate lookups, so a DNS answer that changes in between (rebinding) is not
 * caught; the size and time caps still bound what such a request can do.
 */
export async function safeFetch(
  address: string,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResult> {
  const what = options.what ?? 'address';
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
  const doFetch = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`${what} URL is not valid: ${address.slice(0, 200)}`);
  }
  const origin = url.origin;
  try {
    for (let hop = 0; ; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error(`${what} URL must be http or https, not ${url.protocol}`);
      if (url.username || url.password)
        throw new Error(`${what} URL must not carry a user name or password`);
      if (!options.allowPrivate) await assertPublicHost(url, what);
      const response = await doFetch(url, {
        headers:
          options.cookie && url.origin === origin
            ? { ...options.headers, cookie: options.cookie }
            : options.headers,
        redirect: 'manual',
        signal,
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= maxRedirects)
          throw new Error(`${what} redirects more than ${maxRedirects} times`);
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`${what} answered HTTP ${response.status}`);
      }
      const body = await readCapped(
        response,
        maxBytes,
        () => new Error(`${what} is larger than ${maxBytes} bytes`),
      );
      return { body, contentType: response.headers.get('content-type'), finalUrl: url.href };
    }
  } catch (error) {
    if (timeout.aborted) throw new Error(`${what} did not answer within ${timeoutMs} ms`);
    throw unreachable(error, what, url);
  }
}

/**
 * fetch() reports every network failure as "fetch failed" with the reason in `cause`; the feed
 * row and the download show that reason (e.g. "feed host 127.0.0.1:1 does not answer
 * (ECONNREFUSED)") instead, so an admin can act on it.
 */
function unreachable(error: unknown, what: string, url: URL): unknown {
  if (!(error instanceof TypeError) || error.message !== 'fetch failed') return error;
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const detail = code ?? (typeof cause?.message === 'string' ? cause.message : 'network error');
  return new Error(`${what} host ${url.host} does not answer (${detail})`);
}
