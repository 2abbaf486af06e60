import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { BadRequest, HttpError, NotFound, Unauthorized } from '../../errors';
import { safeEntryPath } from '../../node/sources/url/unzip';
import { streamToFile } from '../../security/stream-to-file';
import type { ServersService } from './servers.service';

const IngestParams = z.object({
  ingestId: z.string().regex(/^\d+-[a-f0-9]{32}$/, { error: 'ingestId is not valid' }),
});
const FileQuery = z.object({ path: z.string().min(1).max(500) });
const FinishBody = z.object({ name: z.string().trim().max(200).nullish() }).strict();
const LogBody = z.object({ lines: z.array(z.string().max(4000)).max(1000) }).strict();

export interface IngestDeps {
  importDir: (dir: string, name: string | null, log: (line: string) => void) => Promise<number>;
  logLines: (serverId: number, lines: string[]) => void;
}

const tooLarge = (limit: number) =>
  new HttpError(413, `File is too large (${limit} bytes at most)`);

/**
 * Where nodes hand over finished downloads: start a hand-over, stream each file (raw body,
 * never buffered), finish to import them as one collection. Also the nodes' log lines.
 * A node proves itself with its server token (Authorization: Bearer), checked before any body
 * is read; these routes are on body-guard's and the XSRF check's public lists for that reason.
 */
export async function ingestRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  servers: ServersService,
  ingest: IngestDeps,
): Promise<void> {
  const root = path.join(deps.config.dataDir, 'media', 'downloads', 'ingest');
  const maxBytes = deps.config.downloader.maxBytes;
  const callers = new WeakMap<FastifyRequest, number>();
  const serverOf = (request: FastifyRequest): number => {
    const serverId = callers.get(request);
    if (serverId === undefined) throw new Unauthorized('A server token is required');
    return serverId;
  };
  const dirOf = (request: FastifyRequest): string => {
    const { ingestId } = IngestParams.parse(request.params);
    if (Number(ingestId.split('-')[0]) !== serverOf(request))
      throw new NotFound('No such hand-over');
    return path.join(root, ingestId);
  };

  await app.register((scope, _opts, registered) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
      done(null, payload),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const token = /^Bearer (\S{16,256})$/.exec(header)?.[1];
      const server = token === undefined ? null : await servers.repo.findByToken(token);
      if (server === null) {
        reply.header('connection', 'close');
        throw new Unauthorized('A valid server token is required');
      }
      callers.set(request, server.server_id);
    });

    scope.post('/downloader/ingest/begin', async (request) => {
      const ingestId = `${serverOf(request)}-${randomBytes(16).toString('hex')}`;
      await mkdir(path.join(root, ingestId), { recursive: true });
      return { ingestId };
    });

    scope.put('/downloader/ingest/:ingestId/file', async (request, reply) => {
      const dir = dirOf(request);
      if (!(await stat(dir).catch(() => null))?.isDirectory())
        throw new NotFound('No such hand-over');
      const relative = safeEntryPath(FileQuery.parse(request.query).path);
      if (relative === null || relative.startsWith('.'))
        throw new BadRequest('path is not a valid file name');
      const target = path.join(dir, relative);
      if (!target.startsWith(dir + path.sep)) throw new BadRequest('path is not a valid file name');
      if (!(request.body && typeof (request.body as Readable).pipe === 'function'))
        throw new BadRequest('Send the file as application/octet-stream');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes) throw tooLarge(maxBytes);
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _e, callback) {
          size += chunk.length;
          callback(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
        },
      });
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await streamToFile(target, 'w', request.body as Readable, limit);
      } catch (error) {
        throw error instanceof HttpError ? error : new BadRequest('The file upload was cut off');
      }
      return reply.status(204).send();
    });

    scope.post('/downloader/ingest/:ingestId/finish', async (request) => {
      const dir = dirOf(request);
      const { name } = FinishBody.parse(request.body ?? {});
      if (!(await stat(dir).catch(() => null))?.isDirectory())
        throw new NotFound('No such hand-over');
      const serverId = serverOf(request);
      const log = (line: string): void =>
        ingest.logLines(serverId, [`${new Date().toISOString()} ${line}`]);
      try {
        return { collectionId: await ingest.importDir(dir, name ?? null, log) };
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw new BadRequest((error as Error).message);
      }
    });

    scope.post('/downloader/ingest/log', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
      ingest.logLines(serverOf(request), LogBody.parse(request.body).lines);
      return reply.status(204).send();
    });
    registered();
  });
}
