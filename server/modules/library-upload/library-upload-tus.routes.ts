import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { ERRORS, Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uploadKindOf } from '../../../domain/library-upload';
import type { AppDeps } from '../../app-deps';
import { loadCallerById, type Caller } from '../../access/caller';
import { assertMayContinueUpload, UPLOAD_NOT_FOUND } from '../../access/library-upload';
import { BadRequest, DISK_FULL, isDiskFull, NotFound } from '../../errors';
import { api } from '../../plugins/route-schemas';
import { baseSecurityHeaders } from '../../plugins/security-headers';
import type { S3Storage } from '../../storage/s3-storage';
import { freeBytes } from '../../storage/work-files';
import {
  assertContent,
  checkUploadName,
  moveToTemp,
  PayloadTooLarge,
  uploadLimits,
  type ReceivedFile,
} from '../uploads';
import { localTusParts, s3TusParts, type TusParts } from './library-upload-tus-parts';
import type { LibraryUploadService } from './library-upload.service';

export const TUS_PATH = '/downloader/tus';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const DISK_FULL_ANSWER = { status_code: 507, body: JSON.stringify({ error: DISK_FULL }) };
// Any text: an unknown or malformed id answers 404 after the session check, as tus would.
const TusUploadParams = z.object({ id: z.string() });
const tags = ['library-upload'];

/** Upload-Metadata: comma-separated "key base64value" pairs (tus 1.0.0). */
function parseMetadata(header: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const item of (header ?? '').split(',')) {
    const [key, value] = item.trim().split(' ');
    if (key) pairs.set(key, Buffer.from(value ?? '', 'base64').toString('utf8'));
  }
  return pairs;
}

/** The node request tus wraps (srvx keeps it on runtime.node). */
const nodeRequestOf = (req: unknown): IncomingMessage | undefined =>
  (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

/** Where parts wait: the bucket when the server keeps its files in object storage. */
const tusPartsFor = (deps: AppDeps): Promise<TusParts> | TusParts =>
  deps.files.storage.kind === 's3'
    ? s3TusParts(deps.files.storage as S3Storage)
    : localTusParts(join(deps.config.dataDir, 'tus'));

/**
 * Resumable uploads into a library collection (tus 1.0.0, decision 0026). Every request is
 * authorised here before tus sees it: the session (and, on writes, the XSRF header, checked by
 * the app-wide hook) and a collection the caller may change. The creation request names the
 * collection and file in its metadata; the server adds the uploader's id, and later requests
 * for that upload are answered only to the same user. A finished upload is checked by content
 * and moved into the collection like a multipart one.
 */
export function libraryUploadTusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const uploads = deps.services.libraryUploads;
  app.register(async (scope) => tusRoutes(scope, deps, uploads, await tusPartsFor(deps)));
}

function tusRoutes(
  scope: FastifyInstance,
  { config, callers }: AppDeps,
  uploads: LibraryUploadService,
  parts: TusParts,
): void {
  const store = parts.datastore;
  const limits = uploadLimits(config.uploadMaxBytes);
  // Who created an upload, handed from the authorising hook to tus's creation hook.
  const creators = new WeakMap<IncomingMessage, number>();

  const tus = new TusServer({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: config.uploadMaxBytes,
    // On object storage the store's ids carry the bucket prefix; URLs keep the bare hex id.
    namingFunction: () => parts.storeId(randomBytes(16).toString('hex')),
    generateUrl: (_req, { path, id }) => `${path}/${parts.urlId(id)}`,
    getFileIdFromRequest: (_req, lastPath) =>
      lastPath !== undefined && UPLOAD_ID.test(lastPath) ? parts.storeId(lastPath) : undefined,
    // The uploader's id is recorded by the server, never taken from the client's metadata.
    onUploadCreate: (req, upload) => {
      const raw = nodeRequestOf(req);
      const userId = raw ? creators.get(raw) : undefined;
      if (userId === undefined)
        return Promise.reject({ status_code: 403, body: '{"error":"Not allowed"}' });
      return Promise.resolve({ metadata: { ...upload.metadata, userId: String(userId) } });
    },
    // A write that found the disk full: the upload's bytes so far are removed to give the
    // space back, and the client is told why (it starts a new upload when there is room).
    onResponseError: async (req, error) => {
      const id = new URL(req.url).pathname.split('/').pop() ?? '';
      if (!isDiskFull(error) && !(await writeFailedForRoom(error, id))) return undefined;
      if (UPLOAD_ID.test(id)) await store.remove(parts.storeId(id)).catch(() => undefined);
      return DISK_FULL_ANSWER;
    },
    onUploadFinish: async (_req, upload) => {
      const meta = upload.metadata ?? {};
      try {
        const name = meta.filename ?? '';
        const kind = checkUploadName(name);
        const size = upload.size ?? 0;
        assertContent({ tempPath: '', name, kind, size }, await parts.head(upload.id));
        const owner = await loadOwner(Number(meta.userId));
        const collection = await uploads.writable(owner, Number(meta.collectionId));
        // Local parts are a file, moved next to the collection; a finished upload in the bucket
        // is one object, moved inside the bucket.
        const answer =
          parts.directory === null
            ? await uploads.storeObject(collection, { key: upload.id, name, kind, size })
            : await uploads.store(collection, [
                {
                  tempPath: await moveToTemp(join(parts.directory, upload.id), collection.folder),
                  name,
                  kind,
                  size,
                } satisfies ReceivedFile,
              ]);
        return { headers: { 'Upload-File-Id': answer.files[0]?.fileId ?? '' } };
      } catch (error) {
        await parts.discard(upload.id);
        if (isDiskFull(error)) throw DISK_FULL_ANSWER;
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        throw { status_code: status, body: JSON.stringify({ error: (error as Error).message }) };
      } finally {
        await parts.forget(upload.id);
      }
    },
  });

  /**
   * The file store reports every failed write as the same FILE_WRITE_ERROR, dropping the cause:
   * a failed write is taken for a full disk when the disk has no room for the rest of the upload.
   */
  const writeFailedForRoom = async (error: unknown, id: string): Promise<boolean> => {
    const { directory } = parts;
    if (directory === null || error !== ERRORS.FILE_WRITE_ERROR || !UPLOAD_ID.test(id))
      return false;
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload) return false;
    return (await freeBytes(directory)) < (upload.size ?? 0) - upload.offset;
  };

  const loadOwner = async (userId: number): Promise<Caller> => {
    const owner = await loadCallerById(callers, userId);
    if (!owner) throw new NotFound('Collection not found');
    return owner;
  };

  /** The creation request: a collection the caller may change, a storable name, a size in limits. */
  async function authoriseCreate(request: FastifyRequest, caller: Caller): Promise<void> {
    const meta = parseMetadata(request.headers['upload-metadata'] as string | undefined);
    const collectionId = Number(meta.get('collectionId'));
    if (!Number.isSafeInteger(collectionId) || collectionId <= 0)
      throw new BadRequest('collectionId: name the collection in the upload metadata');
    await uploads.writable(caller, collectionId);
    const name = meta.get('filename') ?? '';
    const kind = checkUploadName(name);
    const length = Number(request.headers['upload-length']);
    if (!Number.isSafeInteger(length) || length <= 0)
      throw new BadRequest('Upload-Length: the size must be known and above zero');
    if (length > limits[kind])
      throw new PayloadTooLarge(
        `${name}: larger than the ${limits[kind]} byte limit for ${kind} files`,
      );
    if (uploadKindOf(name) === null) throw new BadRequest('Upload refused: unknown file type');
    creators.set(request.raw, caller.userId);
  }

  /** Later requests: only the uploader, and only while the collection is still theirs to change. */
  async function authoriseExisting(id: string, caller: Caller): Promise<void> {
    if (!UPLOAD_ID.test(id)) throw new NotFound(UPLOAD_NOT_FOUND);
    const upload = await store.getUpload(parts.storeId(id)).catch(() => null);
    if (!upload) throw new NotFound(UPLOAD_NOT_FOUND);
    assertMayContinueUpload(caller, Number(upload.metadata?.userId));
    await uploads.writable(caller, Number(upload.metadata?.collectionId));
  }

  // tus reads the body itself; Fastify must leave the stream alone.
  scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  /** Authorised first (a preflight needs nothing), then tus answers on the raw request. */
  const handOver = async (
    request: FastifyRequest,
    reply: FastifyReply,
    authorise: (caller: Caller) => Promise<void>,
  ) => {
    if (request.method !== 'OPTIONS') await authorise(await request.caller());
    // tus writes the answer itself, past the hooks that add these to every other one.
    for (const [name, value] of Object.entries(baseSecurityHeaders(request)))
      reply.raw.setHeader(name, value);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const r = api(scope);
  r.route({
    method: ['POST', 'OPTIONS'],
    url: TUS_PATH,
    schema: { tags },
    handler: (request, reply) =>
      handOver(request, reply, (caller) => authoriseCreate(request, caller)),
  });
  r.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${TUS_PATH}/:id`,
    schema: { tags, params: TusUploadParams },
    handler: (request, reply) =>
      handOver(request, reply, (caller) => authoriseExisting(request.params.id, caller)),
  });
}
