import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import {
  assertMayManageUpload,
  assertMayUpload,
  mayOpenLogs,
  mayOpenUpload,
  overUploadQuota,
  remainingUploadBytes,
  uploadQuotaExceeded,
  uploadsLimited,
} from '../../access/uploads';
import { StoredFiles } from '../../storage/stored-files';
import { Forbidden, NotFound } from '../../errors';
import { UserUploadRepository } from '../user-upload';
import { parseFilePath } from './file-path';
import type { ConfinedFile } from './send-confined';
import { UploadsRepository } from './uploads.repository';
import type { AudioQuota, UploadsService } from './uploads.service';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  uploads: UploadsRepository;
  userUpload: UserUploadRepository;
}

/** POST /api/upload, DELETE /api/upload/{id} and GET /api/file, asked of server/access. */
export class UploadRequestsService {
  private readonly userUpload: UserUploadRepository;

  constructor(
    private readonly dataDir: string,
    private readonly audioMaxBytes: number,
    /** The app's one UploadsService (server/root), shared with support and user uploads. */
    private readonly uploads: UploadsService,
    private readonly repos: Repositories,
  ) {
    this.userUpload = this.repos.userUpload;
  }

  async receive(request: FastifyRequest, caller: Caller): Promise<{ uploadId: number }> {
    assertMayUpload(caller);
    const quota = await this.audioQuota(caller);
    const row = await this.uploads.receive(request, caller.userId, this.audioMaxBytes, quota);
    // Two uploads sent at once each saw the room before the other: count again with this
    // one stored, and take it back if together they went over.
    if (quota !== undefined && row.content_type.startsWith('audio/')) {
      const used = await this.userUpload.audioBytesOf(caller.userId);
      if (overUploadQuota(caller, used)) {
        await this.uploads.delete(row);
        throw uploadQuotaExceeded(caller, used - Number(row.size));
      }
    }
    return { uploadId: row.upload_id };
  }

  async delete(caller: Caller, uploadId: number): Promise<void> {
    const upload = await this.uploads.get(uploadId);
    assertMayManageUpload(caller, upload);
    await this.uploads.delete(upload);
  }

  /** The file GET /api/file?path= names, if the caller may open it. */
  async open(caller: Caller, rawPath: string): Promise<ConfinedFile> {
    const target = parseFilePath(rawPath);
    if (target.root === 'logs') {
      if (!mayOpenLogs(caller)) throw new Forbidden('Only administrators can open logs');
      return {
        root: path.join(this.dataDir, 'logs'),
        relative: path.join(target.serverId, `${target.day}.log`),
        contentType: 'text/plain; charset=utf-8',
        name: `server-${target.serverId}-${target.day}.log`,
      };
    }
    const upload = await this.uploads.findByStoredName(target.storedName);
    // Someone else's file answers like a missing one: stored names are not to be probed.
    if (upload === undefined) throw new NotFound('File not found');
    const ticketUsers = await this.repos.uploads.ticketUsersOfUpload(upload.upload_id);
    if (!mayOpenUpload(caller, upload, ticketUsers)) throw new NotFound('File not found');
    const ref = this.uploads.refOf(upload);
    // On object storage the object is read by its key (no path, so no symlink to follow).
    return {
      root: this.uploads.dir,
      relative: upload.stored_name,
      stored: StoredFiles.isKey(ref) ? { files: this.uploads.files, ref } : undefined,
      contentType: upload.content_type,
      name: upload.original_name,
    };
  }

  /** The role's upload quota (roleUploadLimit) over the caller's audio; none when unlimited. */
  private async audioQuota(caller: Caller): Promise<AudioQuota | undefined> {
    if (!uploadsLimited(caller)) return undefined;
    const used = await this.userUpload.audioBytesOf(caller.userId);
    return {
      remaining: remainingUploadBytes(caller, used) ?? Number.POSITIVE_INFINITY,
      refuse: () => uploadQuotaExceeded(caller, used),
    };
  }
}
