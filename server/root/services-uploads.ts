import { join } from 'node:path';
import type { ImageStore } from '../media/image-store';
import { LibraryUploadService } from '../modules/library-upload/library-upload.service';
import type { SettingsService } from '../modules/settings/settings.service';
import { SupportService } from '../modules/support/support.service';
import { UploadRequestsService } from '../modules/uploads/uploads-requests.service';
import { UploadsService } from '../modules/uploads/uploads.service';
import { UserUploadService } from '../modules/user-upload/user-upload.service';
import type { ServiceInputs } from './service-inputs';

export interface UploadServices {
  /** Files sent to POST /api/upload: one instance for attachments, tickets and user uploads. */
  uploads: UploadsService;
  /** POST/DELETE /api/upload and GET /api/file. */
  uploadRequests: UploadRequestsService;
  /** /upload: collections built from uploaded files (multipart and resumable). */
  libraryUploads: LibraryUploadService;
  /** /user-upload: members offering their audio uploads to the library. */
  userUploads: UserUploadService;
  /** Support tickets and their attachments. */
  support: SupportService;
}

/** Everything that receives files from members, sharing one UploadsService. */
export function buildUploadServices(
  inputs: ServiceInputs,
  settings: SettingsService,
  imageStore: ImageStore,
): UploadServices {
  const { config, db, files, repositories } = inputs;
  const uploads = new UploadsService(db, config.dataDir, files, repositories);
  const libraryUploads = new LibraryUploadService({
    repo: repositories.libraryUpload,
    media: repositories.media,
    catalogue: repositories.catalogueWrite,
    images: imageStore,
    files,
    settings,
    runPostActions: inputs.runPostActions,
    uploadsDir: join(config.dataDir, 'media', 'uploads'),
  });
  return {
    uploads,
    uploadRequests: new UploadRequestsService(
      config.dataDir,
      config.uploadMaxBytes,
      uploads,
      repositories,
    ),
    libraryUploads,
    userUploads: new UserUploadService(libraryUploads, uploads, repositories),
    support: new SupportService(db, config.publicUrl, inputs.mailer, uploads, repositories),
  };
}
