import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OTHER_UPLOAD_MAX_BYTES, type UploadCreated } from '../../../domain/upload';
import { loadCaller, type Caller } from '../../access/caller';
import { remainingUploadBytes, uploadQuotaExceeded } from '../../access/library-upload';
import { assertMayUpload, mayManageUpload, mayOpenLogs, mayOpenUpload } from '../../access/uploads';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { Forbidden, NotFound } from '../../errors';
import { parseFilePath } from './file-path';
import { sendConfined } from './send-confined';
import { audioBytesOf } from '../user-upload/user-upload.repository';
import { ticketUsersOfUpload } from './uploads.repository';
import { UploadsService, type AudioQuota } from './uploads.service';

const IdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
const FileQuery = z.object({
  path: z.string({ error: 'path is required' }).min(1, 'path is required').max(512),
});
// Room for the multipart framing around the largest file.
const FRAMING_BYTES = 1024 * 1024;

/** The role's upload quota (roleUploadLimit) over the caller's audio; none when unlimited. */
async function audioQuota(db: Db, caller: Caller): Promise<AudioQuota | undefined> {
  if (caller.isAdmin || caller.role.roleUploadLimit === null) return undefined;
  const used = await audioBytesOf(db, caller.userId);
  return {
    remaining: remainingUploadBytes(caller, used) ?? Number.POSITIVE_INFINITY,
    refuse: () => uploadQuotaExceeded(caller, used),
  };
}

export function uploadsRoutes(app: FastifyInstance, { db, sessions, config }: AppDeps): void {
  const uploads = new UploadsService(db, config.dataDir);

  // Multipart only in this scope, so no other route starts accepting uploads.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // The parser's cap is the larger limit; UploadInspector applies the one of the file's type.
      limits: {
        fileSize: Math.max(config.uploadMaxBytes, OTHER_UPLOAD_MAX_BYTES),
        files: 1,
        fields: 4,
        parts: 5,
      },
      // Keep the name as sent: busboy would otherwise cut "../x" down to "x" and hide the attempt.
      preservePath: true,
    });
    scope.post(
      '/api/upload',
      { bodyLimit: Math.max(config.uploadMaxBytes, OTHER_UPLOAD_MAX_BYTES) + FRAMING_BYTES },
      async (request): Promise<UploadCreated> => {
        const auth = await sessions.requireUser(request);
        assertMayUpload(auth.user);
        const caller = await loadCaller(db, auth);
        const quota = await audioQuota(db, caller);
        const row = await uploads.receive(request, auth.user.user_id, config.uploadMaxBytes, quota);
        // Two uploads sent at once each saw the room before the other: count again with this
        // one stored, and take it back if together they went over.
        if (quota !== undefined && row.content_type.startsWith('audio/')) {
          const used = await audioBytesOf(db, caller.userId);
          if (used > (caller.role.roleUploadLimit ?? 0)) {
            await uploads.delete(row);
            throw uploadQuotaExceeded(caller, used - Number(row.size));
          }
        }
        return { uploadId: row.upload_id };
      },
    );
  });

  app.delete('/api/upload/:id', async (request) => {
    const auth = await sessions.requireUser(request);
    const upload = await uploads.get(IdParams.parse(request.params).id);
    if (!mayManageUpload(auth.user, upload)) {
      throw new Forbidden('Only the uploader or an administrator can delete this upload');
    }
    await uploads.delete(upload);
    return { ok: true };
  });

  app.get('/api/file', async (request, reply) => {
    const auth = await sessions.requireUser(request);
    const target = parseFilePath(FileQuery.parse(request.query).path);
    if (target.root === 'logs') {
      if (!mayOpenLogs(auth.user)) throw new Forbidden('Only administrators can open logs');
      return sendConfined(reply, {
        root: path.join(config.dataDir, 'logs'),
        relative: path.join(target.serverId, `${target.day}.log`),
        contentType: 'text/plain; charset=utf-8',
        name: `server-${target.serverId}-${target.day}.log`,
      });
    }
    const upload = await uploads.findByStoredName(target.storedName);
    // Someone else's file answers like a missing one: stored names are not to be probed.
    if (upload === undefined) throw new NotFound('File not found');
    const ticketUsers = await ticketUsersOfUpload(db, upload.upload_id);
    if (!mayOpenUpload(auth.user, upload, ticketUsers)) throw new NotFound('File not found');
    return sendConfined(reply, {
      root: uploads.dir,
      relative: upload.stored_name,
      contentType: upload.content_type,
      name: upload.original_name,
    });
  });
}
