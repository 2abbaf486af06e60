import { UploadCreatedSchema } from '../../../domain/upload';
import {
  api,
  errorMessageFromBody,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../lib/api-client';
import { strings } from '../../lib/strings';

/** A failed upload with the server's answer (or why it never arrived), for the screen to show. */
export class UploadFailure extends Error {}

/**
 * POST /api/upload with one file as multipart: support attachments and user uploads. The
 * server decides the type from the bytes. XMLHttpRequest, not fetch, for upload progress.
 */
export function sendUpload(file: File, onProgress?: (fraction: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadFailure(errorMessageFromBody(xhr.responseText, xhr.statusText)));
        return;
      }
      const parsed = UploadCreatedSchema.safeParse(parseJson(xhr.responseText));
      if (parsed.success) resolve(parsed.data.uploadId);
      else reject(new UploadFailure(xhr.responseText));
    };
    xhr.onerror = () => reject(new UploadFailure(strings.errors.connectionLost));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * DELETE /api/upload/{id}: a support attachment taken back before sending, one an
 * administrator removes from a ticket, or a user upload removed from the list.
 */
export const deleteUpload = (
  uploadId: number,
  { silent = false }: { silent?: boolean } = {},
): Promise<unknown> => api('DELETE', `/api/upload/${uploadId}`, undefined, { silent });
