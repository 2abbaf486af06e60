import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/**
 * A shell that carries one caller's data (server/first-view/) is for that browser only, and is
 * not kept for a later visitor of a shared device: it is drawn anew on each visit anyway.
 */
const PERSONAL = 'private, no-store';

/** The shell with a signed-in caller's first view in it, or null for the plain one. */
export type FirstViewShell = (
  request: FastifyRequest,
  readShell: () => Promise<string>,
) => Promise<string | null>;
/** Paths that belong to the server: never answered with the client shell. */
const SERVER_PREFIXES = ['/api', '/downloader', '/image'];

const MISSING_BUILD = `<!doctype html><html><head><meta charset="utf-8"><title>Musicbox</title></head>
<body><h1>Musicbox</h1><p>The client is not built yet. Run <code>npm run build</code>, then restart the server.</p></body></html>`;

const isServerPath = (url: string): boolean =>
  SERVER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/**
 * Serves the built PWA from dist/. Hashed files under /assets never change, so they are
 * cached for a year; the shell and the worker must be revalidated so updates reach users.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  firstView?: FirstViewShell,
): Promise<void> {
  const shellPath = path.join(clientDir, 'index.html');
  const hasBuild = fs.existsSync(shellPath);
  const readShell = () => fs.promises.readFile(shellPath, 'utf8');
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8');
    if (!hasBuild) return reply.header('Cache-Control', NO_CACHE).send(MISSING_BUILD);
    const personal = firstView ? await firstView(request, readShell) : null;
    if (personal === null) return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
    return reply.header('Cache-Control', PERSONAL).header('Vary', 'Cookie').send(personal);
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (scripts/vite-precompress.ts); static picks the
      // one Accept-Encoding allows and adds Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(clientDir, filePath).split(path.sep).join('/');
        reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  // The wildcard static route would answer "/" as a directory; the shell is what "/" means.
  app.get('/', sendShell);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isServerPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    // A missing hashed asset must not be answered with HTML the browser would try to run.
    if (url.startsWith('/assets/')) return reply.status(404).send({ error: 'Not found' });
    return sendShell(request, reply);
  });
}
