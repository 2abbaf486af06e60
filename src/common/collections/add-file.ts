import { UploadAnswerSchema, type UploadAnswer } from '../../../domain/library-upload';
import {
  ApiError,
  errorMessageFromBody,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../lib/api-client';

/**
 * POST /downloader/upload/{id} (admin): one file into a collection's folder, as multipart, with
 * upload progress (fetch has none). Used by the library uploader and by "take the cover from a
 * file". Failures reject with ApiError; no toast, the caller says what failed.
 */
export function addFileToCollection(
  collectionId: number,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/downloader/upload/${collectionId}`);
    xhr.withCredentials = true;
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, errorMessageFromBody(xhr.responseText, xhr.statusText)));
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: refused by the shape check below.
      }
      const answer = UploadAnswerSchema.safeParse(body);
      if (answer.success) resolve(answer.data);
      else reject(new ApiError(xhr.status, 'The server answered in an unexpected shape'));
    };
    xhr.onerror = () => reject(new ApiError(0, 'The connection was lost'));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
