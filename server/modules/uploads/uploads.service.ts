import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { uploadNameProblem } from '../../../domain/upload';
import { nowIso, type Db } from '../../db/database';
import type { UploadRow } from '../../db/support-tables';
import { BadRequest, NotFound } from '../../errors';
import { asClientError, openSingleFile } from '../../security/multipart-file';
import { streamToFile } from '../../storage/stream-to-file';
import type { StoredFiles } from '../../storage/stored-files';
import { ensureFolder, moveIntoPlace, removeFile } from '../../storage/work-files';
import { tooLarge, UploadInspector } from './upload-inspector';
import { UploadsRepository } from './uploads.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  uploads: UploadsRepository;
}

/** Stored names are 32 hex characters and an extension; nothing else is ever looked up on disk. */
export const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** Bytes of audio the caller may still store, and the error to answer when a file goes over. */
export interface AudioQuota {
  remaining: number;
  refuse: (size: number) => Error;
}

/** Where the uploads folder lives; under DATA_DIR, never under the client's web root. */
export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

/**
 * Files sent to POST /api/upload: received to a temporary name and renamed when complete, one
 * row per file. Other modules (tickets, user music uploads) use find/pathOf/delete on the one
 * instance server/root builds and hands them.
 */
export class UploadsService {
  readonly dir: string;
  private readonly uploads: UploadsRepository;

  constructor(
    private readonly db: Db,
    dataDir: string,
    /** Where kept uploads live: DATA_DIR/uploads as always, or "uploads/<name>" objects on S3. */
    readonly files: StoredFiles,
    private readonly repos: Repositories,
  ) {
    this.dir = uploadsDir(dataDir);
    this.uploads = this.repos.uploads;
  }

  find(uploadId: number): Promise<UploadRow | undefined> {
    return this.uploads.findUpload(uploadId);
  }

  async get(uploadId: number): Promise<UploadRow> {
    const upload = await this.uploads.findUpload(uploadId);
    if (upload === undefined) throw new NotFound('Upload not found');
    return upload;
  }

  findByStoredName(storedName: string): Promise<UploadRow | undefined> {
    return STORED_NAME.test(storedName)
      ? this.uploads.findUploadByStoredName(storedName)
      : Promise.resolve(undefined);
  }

  /** The absolute path of an upload's file (which may be gone if someone cleaned the disk). */
  pathOf(upload: Pick<UploadRow, 'stored_name'>): string {
    if (!STORED_NAME.test(upload.stored_name)) throw new Error('unexpected stored upload name');
    return path.join(this.dir, upload.stored_name);
  }

  /**
   * What stored files know the upload's bytes by: its path on a local folder (as pathOf), its
   * key "uploads/<name>" on object storage. The row holds only the name, so it fits either.
   */
  refOf(upload: Pick<UploadRow, 'stored_name'>): string {
    return this.files.refFor(this.pathOf(upload));
  }

  /** The path to give GET /api/file?path= (the spec's uploadPath). */
  static publicPath(upload: Pick<UploadRow, 'stored_name'>): string {
    return `uploads/${upload.stored_name}`;
  }

  /** Row first: nothing can then point at a missing file; a leftover file is only disk space. */
  async delete(upload: UploadRow): Promise<void> {
    await this.uploads.deleteUploadRow(upload.upload_id);
    await this.files.remove(this.refOf(upload));
  }

  /**
   * Streams the request's one file to disk. A refused type, an oversized file or a cut-off
   * body removes the temporary file and inserts no row. With a quota, audio is cut off as soon
   * as it passes the remaining bytes, so a user over quota stores nothing.
   */
  async receive(
    request: FastifyRequest,
    userId: number,
    audioMaxBytes: number,
    quota?: AudioQuota,
  ): Promise<UploadRow> {
    const part = await openSingleFile(request, 'upload');
    const nameProblem = uploadNameProblem(part.filename);
    if (nameProblem !== null) {
      part.file.resume();
      throw new BadRequest(nameProblem);
    }
    await ensureFolder(this.dir);
    const id = randomBytes(16).toString('hex');
    const temp = path.join(this.dir, `.part-${id}`);
    const remaining = Math.max(0, quota?.remaining ?? Number.POSITIVE_INFINITY);
    const inspector = new UploadInspector(Math.min(audioMaxBytes, remaining));
    const overQuota = () => inspector.sniffedSoFar?.kind === 'audio' && inspector.size > remaining;
    try {
      await streamToFile(temp, 'wx', part.file, inspector);
      if (part.file.truncated) throw tooLarge(inspector, audioMaxBytes);
      if (inspector.size === 0) throw new BadRequest('The file is empty');
    } catch (error) {
      await removeFile(temp);
      if (quota !== undefined && overQuota()) throw quota.refuse(inspector.size);
      // The multipart limit is the audio one; its own message does not say what the limit is.
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw tooLarge(inspector, audioMaxBytes);
      }
      throw asClientError(request, error);
    }
    const type = inspector.sniffed;
    const storedName = `${id}.${type.ext}`;
    const placed = path.join(this.dir, storedName);
    await moveIntoPlace(temp, placed);
    // Kept before the row (on object storage: uploaded whole, the local copy removed), so the
    // row never names bytes that are not there; a failed upload leaves neither.
    const ref = await this.files.keep(placed).catch(async (error: unknown) => {
      await removeFile(placed);
      throw error;
    });
    try {
      return await this.uploads.insertUpload({
        user_id: userId,
        stored_name: storedName,
        original_name: part.filename,
        size: inspector.size,
        content_type: type.contentType,
        created_at: nowIso(),
      });
    } catch (error) {
      await this.files.remove(ref).catch(() => undefined);
      throw error;
    }
  }
}
