import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadKindOf, uploadNameProblem } from '../../../domain/library-upload';
import {
  MusicUploadImportSchema,
  MusicUploadInputSchema,
  MusicUploadsQuerySchema,
  type MusicUpload,
  type MusicUploadImported,
  type MusicUploadPage,
} from '../../../domain/music-upload';
import { loadCaller } from '../../access/caller';
import { requireUserUploader } from '../../access/library-upload';
import type { AppDeps } from '../../app-deps';
import type { UploadRow } from '../../db/support-tables';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import type { LibraryUploadService } from '../library-upload/library-upload.service';
import { insertMusicUpload, isMusicUpload, listMusicUploads } from './user-upload.repository';
import { UploadsService } from '../uploads/uploads.service';

const UploadParams = z.object({
  uploadId: z.coerce
    .number({ error: 'uploadId must be a number' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/**
 * The name the file gets in the collection: its original one when the library accepts that
 * as audio, otherwise the original with the extension its content was stored under.
 */
function libraryName(upload: UploadRow): string {
  const name = upload.original_name;
  if (uploadNameProblem(name) === null && uploadKindOf(name) === 'audio') return name;
  const ext = extname(upload.stored_name);
  const stem = name.replace(/^\.+/, '').slice(0, 200) || `upload-${upload.upload_id}`;
  return `${stem}${ext}`;
}

/** /user-upload: offering one's audio uploads to the library, and the admins' table of them. */
export function userUploadRoutes(
  app: FastifyInstance,
  { db, sessions, config }: AppDeps,
  library: LibraryUploadService,
): void {
  const uploads = new UploadsService(db, config.dataDir);
  const caller = async (request: Parameters<typeof sessions.requireUser>[0]) =>
    loadCaller(db, await sessions.requireUser(request));

  app.post('/api/upload/music', async (request): Promise<MusicUpload> => {
    const who = await caller(request);
    requireUserUploader(who);
    const input = MusicUploadInputSchema.parse(request.body);
    const upload = await uploads.find(input.uploadId);
    // Someone else's upload answers like a missing one: ids are not to be probed.
    if (upload === undefined || upload.user_id !== who.userId)
      throw new NotFound('uploadId: upload not found');
    if (!upload.content_type.startsWith('audio/'))
      throw new BadRequest('uploadId: the upload is not audio');
    if (await isMusicUpload(db, upload.upload_id))
      throw new Conflict('uploadId: this upload is already in the list');
    await insertMusicUpload(db, upload.upload_id, input.description);
    const page = await listMusicUploads(db, who.userId, 0, 1);
    const item = page.items.find((row) => row.uploadId === upload.upload_id);
    if (item === undefined) throw new Error('music upload vanished after insert');
    return item;
  });

  app.get('/api/upload/music', async (request): Promise<MusicUploadPage> => {
    const who = await caller(request);
    const { offset, count } = MusicUploadsQuerySchema.parse(request.query);
    return listMusicUploads(db, who.isAdmin ? null : who.userId, offset, count);
  });

  app.post('/api/upload/:uploadId/import', async (request): Promise<MusicUploadImported> => {
    const who = await caller(request);
    if (!who.isAdmin) throw new Forbidden('Only administrators can import user uploads');
    const { uploadId } = UploadParams.parse(request.params);
    const { collectionId, serverId } = MusicUploadImportSchema.parse(request.body);
    const upload = await uploads.find(uploadId);
    if (upload === undefined || !(await isMusicUpload(db, uploadId)))
      throw new NotFound('Upload not found');
    const stored = await library.addExistingFile(who, serverId, collectionId, {
      path: uploads.pathOf(upload),
      name: libraryName(upload),
      size: Number(upload.size),
    });
    // The file now lives in the collection: the upload (row, then file) goes.
    await uploads.delete(upload);
    await library.importCollection(who, collectionId, false, request.log);
    const fileId = stored.files[0]?.fileId;
    if (fileId === undefined) throw new Error('import stored no file');
    return { ok: true, collectionId, fileId };
  });
}
