import { Upload } from 'tus-js-client';
import { addFileToCollection } from '../../../common/collections/add-file';
import {
  errorMessageFromBody,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../../lib/api-client';

/** Files above this go through tus, so a dropped connection resumes instead of starting over. */
export const RESUMABLE_FROM_BYTES = 8 * 1024 * 1024;

export type Progress = (fraction: number) => void;

/** tus to /downloader/tus: resumes where the server stopped, also after a page reload. */
function sendResumable(file: File, collectionId: number, onProgress: Progress): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: '/downloader/tus',
      metadata: { collectionId: String(collectionId), filename: file.name },
      chunkSize: 4 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const token = readCookie(XSRF_COOKIE);
        if (token) req.setHeader(XSRF_HEADER, token);
        (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
      },
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => resolve(),
      onError: (error) => {
        const body = (
          error as { originalResponse?: { getBody(): string } }
        ).originalResponse?.getBody();
        reject(new Error(body ? errorMessageFromBody(body, error.message) : error.message));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

export const sendFile = (file: File, collectionId: number, onProgress: Progress): Promise<void> =>
  file.size >= RESUMABLE_FROM_BYTES
    ? sendResumable(file, collectionId, onProgress)
    : addFileToCollection(collectionId, file, file.name, onProgress).then(() => undefined);
