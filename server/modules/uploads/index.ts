/**
 * The uploads module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export {
  PayloadTooLarge,
  assertContent,
  checkUploadName,
  moveToTemp,
  placeFile,
  receiveStream,
  removeQuietly,
  tempPathIn,
  uploadLimits,
} from './file-intake';
export type { ReceivedFile } from './file-intake';
export { ANNOUNCE_TAG } from './post-actions';
export type { RunPostActions } from './post-actions';
export type { UploadsRepository } from './uploads.repository';
export { UploadsService } from './uploads.service';
