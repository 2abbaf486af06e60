import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isRefusedAddress, loopbackAllowedByEnv } from './address-policy';

/** An address the server will not fetch: the message says why, for a 400 or a feed's error. */
export class FetchRefused extends Error {}

/** The remote end failed (HTTP error, timeout, too large, unreachable): a 502 or a feed error. */
export class FetchFailed extends Error {}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface GuardedOptions {
  /** Names the thing in messages: "feed", "episode", "station". */
  what: string;
  signal?: AbortSignal;
  /** No answer (headers) within this long fails the request; default 15 s. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'HEAD';
  /** Default: FETCH_ALLOW_PRIVATE=1 (tests only). */
  allowLoopback?: boolean;
  /** The resolver (tests give a name a private answer); default the system's. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** One address let through besides the policy (a test's own fixture on 127.0.0.2). */
  allowAddress?: (address: string) => boolean;
  /** Statuses besides 2xx handed back to the caller (304 for conditional requests). */
  acceptStatus?: (status: number) => boolean;
}

export const MAX_REDIRECTS = 5;

const systemResolve = async (host: string): Promise<ResolvedAddress[]> =>
  dnsLookup(host, { all: true });

function checkUrl(url: URL, what: string): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(`${what} address must be http or https, not ${url.protocol}`);
  if (url.username || url.password)
    throw new FetchRefused(`${what} address must not carry a user name or password`);
}

/**
 * Resolves the host once and refuses it when any answer is private; the request then connects
 * to that checked answer (a `lookup` that returns it), so a second DNS answer cannot rebind the
 * connection to 127.0.0.1.
 */
async function pinnedLookup(url: URL, options: GuardedOptions): Promise<LookupFunction | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowLoopback = options.allowLoopback ?? loopbackAllowedByEnv();
  const refusedAddress = (address: string) =>
    isRefusedAddress(address, allowLoopback) && !(options.allowAddress?.(address) ?? false);
  if (isIP(host) !== 0) {
    if (refusedAddress(host))
      throw new FetchRefused(`${options.what} address ${host} is on a private network: refused`);
    return null;
  }
  const answers = await (options.resolve ?? systemResolve)(host).catch(() => []);
  if (answers.length === 0)
    throw new FetchFailed(`${options.what} host ${host} could not be resolved`);
  const refused = answers.find((a) => refusedAddress(a.address));
  if (refused)
    throw new FetchRefused(
      `${options.what} host ${host} resolves to a private address (${refused.address}): refused`,
    );
  const pinned = answers[0]!;
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function requestOnce(url: URL, options: GuardedOptions, lookup: LookupFunction | null) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const timeoutMs = options.timeoutMs ?? 15_000;
    const request = client.request(url, {
      method: options.method ?? 'GET',
      headers: { 'user-agent': 'Musicbox', ...options.headers },
      ...(lookup ? { lookup } : {}),
      signal: options.signal,
    });
    // Until the headers arrive; a relayed stream sets its own idle limit afterwards.
    const timer = setTimeout(() => {
      request.destroy(new FetchFailed(`${options.what} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(asFailure(error, options.what, url));
    });
    request.end();
  });
}

function asFailure(error: Error, what: string, url: URL): Error {
  if (error instanceof FetchFailed || error instanceof FetchRefused) return error;
  if (error.name === 'AbortError') return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new FetchFailed(`${what} host ${url.host} does not answer (${code ?? error.message})`);
}

/**
 * A request to a user-supplied address: http(s) only, every hop (at most 5 redirects) checked
 * and pinned. Answers the response of the last hop, its body unread; a status outside 2xx
 * (and `acceptStatus`) is a FetchFailed.
 */
export async function guardedRequest(
  address: string,
  options: GuardedOptions,
): Promise<{ response: IncomingMessage; url: URL }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused(`${options.what} address is not a valid URL`);
  }
  for (let hop = 0; ; hop += 1) {
    checkUrl(url, options.what);
    const lookup = await pinnedLookup(url, options);
    const response = await requestOnce(url, options, lookup);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && status !== 304 && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS)
        throw new FetchFailed(`${options.what} redirects more than ${MAX_REDIRECTS} times`);
      url = new URL(location, url);
      continue;
    }
    if ((status < 200 || status >= 300) && !(options.acceptStatus?.(status) ?? false)) {
      response.resume();
      throw new FetchFailed(`${options.what} answered HTTP ${status}`);
    }
    return { response, url };
  }
}

export interface FetchedBody {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  url: URL;
}

/** The whole body of a guarded request, refused past `maxBytes`, within `totalMs`. */
export async function guardedFetch(
  address: string,
  options: GuardedOptions & { maxBytes: number; totalMs?: number },
): Promise<FetchedBody> {
  const total = AbortSignal.timeout(options.totalMs ?? 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, total]) : total;
  try {
    const { response, url } = await guardedRequest(address, { ...options, signal });
    const declared = Number(response.headers['content-length'] ?? NaN);
    if (declared > options.maxBytes) {
      response.destroy();
      throw new FetchFailed(`${options.what} is larger than ${options.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw new FetchFailed(`${options.what} is larger than ${options.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return {
      status: response.statusCode ?? 0,
      headers: response.headers,
      body: Buffer.concat(chunks),
      url,
    };
  } catch (error) {
    if (total.aborted) throw new FetchFailed(`${options.what} took too long to fetch`);
    throw error;
  }
}
