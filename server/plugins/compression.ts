import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers gain less than the Content-Encoding header and the CPU cost. */
export const COMPRESS_THRESHOLD = 1024;
/** Text a browser renders or parses; audio, images, zips and other files stay as they are. */
const TEXT_TYPES =
  /^(?:text\/html|application\/json|text\/xml|text\/css|text\/javascript|application\/javascript|image\/svg\+xml)\b/;
/** Brotli's quality 4 is about as fast as gzip while smaller; 11 is for the build, not per request. */
const BROTLI_QUALITY = 4;

/** br before gzip whenever the browser takes both, honouring q=0 as "not this one". */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const takes = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(value)) return;
  reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses serialized answers (JSON, the HTML fallback page) per Accept-Encoding.
 * Streams are files: the built client is precompressed and served by static-client.ts, and
 * media, zips and images keep their bytes, Content-Length and Range semantics untouched.
 * (@fastify/compress would also compress streams whose type mime-db calls compressible,
 * application/octet-stream among them, which is how unknown media files are sent.)
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!TEXT_TYPES.test(type) || reply.statusCode === 206 || reply.hasHeader('content-encoding'))
      return done(null, payload);
    // The answer depends on the header from here on, even when it is sent as it is.
    addVary(reply);
    const size = Buffer.byteLength(payload);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (size < COMPRESS_THRESHOLD || encoding === null) return done(null, payload);
    const body =
      encoding === 'br'
        ? brotliCompressSync(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : gzipSync(payload);
    reply.header('content-encoding', encoding).header('content-length', body.length);
    done(null, body);
  });
}
