import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../../net/private-address';

export const MAX_REDIRECTS = 5;

export interface SafeGetOptions {
  /** DOWNLOADER_ALLOW_PRIVATE: the operator lets downloads reach loopback and private networks. */
  allowPrivate: boolean;
  signal: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Exceptions to the private-address refusal (tests reach their loopback fixtures this way). */
  allowAddress?: (address: string) => boolean;
}

export class RefusedUrl extends Error {}

/**
 * Resolves every address of the host and refuses the connection when any is private, then
 * connects to a checked address: a name that resolves differently a second time (DNS
 * rebinding) cannot slip past, because the checked answer is the one used.
 */
function guardedLookup(blocked: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => blocked(a.address));
      if (bad)
        return callback(
          new RefusedUrl(`refused: ${hostname} resolves to a private address`),
          '',
          0,
        );
      if (options.all) return callback(null, addresses as never, 0);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

const blockedBy =
  (options: SafeGetOptions) =>
  (address: string): boolean =>
    !options.allowPrivate &&
    isPrivateAddress(address) &&
    !(options.allowAddress?.(address) ?? false);

function checkUrl(url: URL, options: SafeGetOptions): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedUrl(`refused: only http and https links can be downloaded`);
  if (url.username || url.password) throw new RefusedUrl('refused: links with credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Literal addresses never reach the lookup hook, so they are checked here.
  if (isIP(host) !== 0 && blockedBy(options)(host))
    throw new RefusedUrl(`refused: ${host} is a private or loopback address`);
  if (!options.allowPrivate && /^localhost\.?$/i.test(host))
    throw new RefusedUrl('refused: localhost is a loopback address');
}

function getOnce(url: URL, options: SafeGetOptions): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      headers: { 'user-agent': 'musicbox-downloader', ...options.headers },
      lookup: guardedLookup(blockedBy(options)),
      signal: options.signal,
      timeout: options.timeoutMs ?? 30_000,
    });
    request.on('response', resolve);
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url.host}`)));
    request.on('error', reject);
  });
}

/** GET with each redirect followed (at most MAX_REDIRECTS) and checked like the first URL. */
export async function safeGet(
  rawUrl: string,
  options: SafeGetOptions,
): Promise<{ response: IncomingMessage; url: URL }> {
  let url = new URL(rawUrl);
  for (let hop = 0; ; hop += 1) {
    checkUrl(url, options);
    const response = await getOnce(url, options);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS)
        throw new RefusedUrl(`too many redirects (more than ${MAX_REDIRECTS})`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new Error(`${url.host} answered HTTP ${status}`);
    }
    return { response, url };
  }
}
