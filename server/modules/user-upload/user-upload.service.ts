import { basename, extname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { uploadKindOf, uploadNameProblem } from '../../../domain/library-upload';
import type { UserUpload, UserUploadImported, UserUploadList } from '../../../domain/user-upload';
import type { Caller } from '../../access/caller';
import {
  maySubmitUpload,
  requireUserUploader,
  requireUserUploadImport,
  userUploadsScope,
} from '../../access/user-upload';
import type { UploadRow } from '../../db/support-tables';
import { BadRequest, Conflict, NotFound } from '../../errors';
import type { LibraryUploadService } from '../library-upload';
import type { UploadsService } from '../uploads';
import { landedCopy, landedObject } from './landed-copy';
import { StoredFiles } from '../../storage/stored-files';
import { fitNameToBytes } from '../../security/safe-file-name';
import { UserUploadRepository } from './user-upload.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  userUpload: UserUploadRepository;
}

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
export class UserUploadService {
  private readonly userUpload: UserUploadRepository;

  /** Uploads being imported now: a second click must not copy the file a second time. */
  private readonly importing = new Set<number>();

  constructor(
    private readonly library: LibraryUploadService,
    /** The app's one UploadsService (server/root), shared with /api/upload and support. */
    private readonly uploads: UploadsService,
    private readonly repos: Repositories,
  ) {
    this.userUpload = this.repos.userUpload;
  }

  async submit(caller: Caller, uploadId: number, description: string): Promise<UserUpload> {
    requireUserUploader(caller);
    const upload = await this.uploads.find(uploadId);
    // Someone else's upload answers like a missing one: ids are not to be probed.
    if (upload === undefined || !maySubmitUpload(caller, upload))
      throw new NotFound('uploadId: upload not found');
    if (!upload.content_type.startsWith('audio/'))
      throw new BadRequest('uploadId: the upload is not audio');
    if (await this.userUpload.isUserUpload(upload.upload_id))
      throw new Conflict('uploadId: this upload is already in the list');
    await this.userUpload.insertUserUpload(upload.upload_id, description);
    const page = await this.userUpload.listUserUploads(caller.userId, 0, 1);
    const item = page.items.find((row) => row.uploadId === upload.upload_id);
    if (item === undefined) throw new Error('user upload vanished after insert');
    return item;
  }

  list(caller: Caller, offset: number, count: number): Promise<UserUploadList> {
    return this.userUpload.listUserUploads(userUploadsScope(caller), offset, count);
  }

  /**
   * The file is copied into the collection, the collection is imported, and only then does the
   * upload (row, then file) go. A server killed on the way (issue 31 §3) leaves the upload
   * listed, so the admin sees it was not finished, and the same import again completes it: a
   * copy that already landed in the collection is found by its content and used, not copied a
   * second time, and the import gives it the row and tags it may lack.
   */
  async import(
    caller: Caller,
    uploadId: number,
    target: { collectionId: number; serverId: number },
    log: FastifyBaseLogger,
  ): Promise<UserUploadImported> {
    requireUserUploadImport(caller);
    if (this.importing.has(uploadId)) throw new Conflict('This upload is being imported');
    this.importing.add(uploadId);
    try {
      return await this.importOnce(caller, uploadId, target, log);
    } finally {
      this.importing.delete(uploadId);
    }
  }

  private async importOnce(
    caller: Caller,
    uploadId: number,
    target: { collectionId: number; serverId: number },
    log: FastifyBaseLogger,
  ): Promise<UserUploadImported> {
    const upload = await this.uploads.find(uploadId);
    if (upload === undefined || !(await this.userUpload.isUserUpload(uploadId)))
      throw new NotFound('Upload not found');
    const source = this.uploads.refOf(upload);
    const { folder } = await this.library.writable(caller, target.collectionId);
    const landed = await this.landed(source, folder, upload, target.collectionId);
    let name = landed === null ? null : basename(landed);
    if (landed === null) {
      const stored = await this.library.addExistingFile(
        caller,
        target.serverId,
        target.collectionId,
        { path: source, name: libraryName(upload), size: Number(upload.size) },
      );
      name = stored.files[0]?.name ?? null;
    } else {
      log.info(
        { uploadId, path: landed },
        'user upload: using the copy an interrupted import left',
      );
    }
    await this.library.importCollection(caller, target.collectionId, false, log);
    const fileId =
      name === null ? undefined : await this.userUpload.fileIdIn(target.collectionId, name);
    if (fileId === undefined) throw new Error('import stored no file');
    await this.uploads.delete(upload);
    return { ok: true, collectionId: target.collectionId, fileId };
  }

  /**
   * The copy an interrupted import already placed, or null. On object storage the copy counts
   * only once its row is written: a kill between keeping the object and writing its row leaves
   * an object the import cannot see, so the import places a new copy under another name.
   */
  private async landed(
    source: string,
    folder: string,
    upload: UploadRow,
    collectionId: number,
  ): Promise<string | null> {
    const name = fitNameToBytes(libraryName(upload));
    const madeAt = new Date(upload.created_at);
    if (!StoredFiles.isKey(source)) return landedCopy(source, folder, name, madeAt);
    const entry = await landedObject(this.uploads.files, source, folder, name, madeAt);
    if (entry === null || (await this.userUpload.fileIdIn(collectionId, entry)) === undefined)
      return null;
    return entry;
  }
}
