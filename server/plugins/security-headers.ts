import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SecurityHeadersOptions {
  /** The built shell (index.html), whose inline scripts the policy allows by hash. */
  shellPath: string;
  /**
   * Origins images and audio may also come from besides https: (the external catalogue's
   * address when it is plain http: a LAN mirror, a test fake), e.g. http://10.0.0.5:8080.
   */
  mediaOrigins?: string[];
}

/**
 * Features the app never uses, refused to it and to anything it frames (decision 0043). Only
 * names Chromium knows: an unknown one (ambient-light-sensor, bluetooth) protects nothing there
 * and puts a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Two years; only ever sent on an answer that came over TLS. */
export const HSTS = 'max-age=63072000';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Only these run; a JSON data block (the first view's answer) is inert and needs no hash. */
const RUNNABLE_TYPE = /^\s*(?:text\/javascript|application\/javascript|module)?\s*$/i;

/** 'sha256-…' sources for every inline script the page will run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_TYPE.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/**
 * The policy of an HTML page: scripts, styles, calls and frames from its own origin only, inline
 * scripts by hash, never framed. Images and audio may also come over https: the external
 * catalogue's covers and previews live on its CDN (decision 0043); neither can run code.
 */
export function pagePolicy(scriptHashes: string[], mediaOrigins: string[] = []): string {
  const media = mediaOrigins.join(' ');
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    // Emotion (Chakra) and wavesurfer insert <style> elements at run time (decision 0043).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${media}`.trim(),
    `media-src 'self' blob: https: ${media}`.trim(),
    // The page calls only its own server (the external catalogue is searched by the server).
    "connect-src 'self'",
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    // Downloads start in a hidden frame of our own origin (src/common/download).
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/** Everything else (API, media, images, the worker): no other site may frame it. */
const OTHER_POLICY = "frame-ancestors 'self'";

/**
 * The headers of every answer that is not a page. Exported for the one route that writes its
 * answer itself (tus, on the raw response), which Fastify's hooks never see.
 */
export function baseSecurityHeaders(request: FastifyRequest): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'content-security-policy': OTHER_POLICY,
    'x-frame-options': 'SAMEORIGIN',
    ...(request.protocol === 'https' ? { 'strict-transport-security': HSTS } : {}),
  };
}

const isHtml = (reply: FastifyReply): boolean =>
  String(reply.getHeader('content-type') ?? '').startsWith('text/html');

/**
 * The headers every answer carries (issue 31 §4, ASVS V14.4): nosniff, a referrer and a
 * permissions policy, a frame policy, and on HTML a strict Content-Security-Policy whose
 * script hashes are taken from the page actually sent (the plain shell, a first view, a share
 * page). HSTS only when the request came over TLS (directly, or via a trusted proxy).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): void {
  // The shell is read per visit elsewhere (a rebuild replaces it): its hashes follow its mtime.
  let shell: { mtimeMs: number; hashes: string[] } | null = null;
  const shellHashes = (): string[] => {
    const stat = fs.statSync(options.shellPath, { throwIfNoEntry: false });
    if (!stat) return [];
    if (shell?.mtimeMs !== stat.mtimeMs)
      shell = {
        mtimeMs: stat.mtimeMs,
        hashes: inlineScriptHashes(fs.readFileSync(options.shellPath, 'utf8')),
      };
    return shell.hashes;
  };

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    // A route's own policy (uploads served as sandboxed text) is kept, with the frame policy.
    const own = reply.getHeader('content-security-policy');
    reply.headers(baseSecurityHeaders(request));
    if (typeof own === 'string' && own !== '')
      reply.header(
        'content-security-policy',
        own.includes('frame-ancestors') ? own : `${own}; ${OTHER_POLICY}`,
      );
    if (isHtml(reply)) {
      const hashes = typeof payload === 'string' ? inlineScriptHashes(payload) : shellHashes();
      reply.header('content-security-policy', pagePolicy(hashes, options.mediaOrigins));
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}

/** The origins of the plain-http addresses among `urls` (https: is allowed as a whole). */
export function plainHttpOrigins(urls: string[]): string[] {
  return urls
    .map((url) => new URL(url))
    .flatMap((url) => (url.protocol === 'http:' ? [url.origin] : []));
}
