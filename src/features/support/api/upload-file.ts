import { UploadCreatedSchema } from '../../../../domain/upload';
import { api } from '../../../lib/api-client';

/** POST /api/upload with one file as multipart; the server decides its type from the bytes. */
export async function uploadFile(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { uploadId } = await api('POST', '/api/upload', form, {
    schema: UploadCreatedSchema,
    silent: true,
  });
  return uploadId;
}
