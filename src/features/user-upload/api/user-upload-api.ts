import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SearchResponseSchema } from '../../../../domain/collection';
import { CreatedCollectionSchema } from '../../../../domain/library-upload';
import {
  MusicUploadImportedSchema,
  MusicUploadPageSchema,
  MusicUploadSchema,
  MUSIC_UPLOADS_PAGE,
} from '../../../../domain/music-upload';
import { UploadCreatedSchema } from '../../../../domain/upload';
import { LOCAL_SERVER_ID } from '../../../../domain/settings';
import {
  api,
  errorMessageFromBody,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../../lib/api-client';
import { userUploadStrings as t } from '../strings';

const keys = {
  all: ['music-uploads'] as const,
  page: (offset: number) => ['music-uploads', offset] as const,
  search: (query: string) => ['music-uploads', 'collections', query] as const,
};

/** A failed upload with the server's answer, which the "Upload failed" dialog shows. */
export class UploadFailure extends Error {}

/** POST /api/upload (multipart, credentials) with upload progress, which fetch does not give. */
export function sendUpload(file: File, onProgress: (fraction: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadFailure(errorMessageFromBody(xhr.responseText, xhr.statusText)));
        return;
      }
      const parsed = UploadCreatedSchema.safeParse(JSON.parse(xhr.responseText));
      if (parsed.success) resolve(parsed.data.uploadId);
      else reject(new UploadFailure(xhr.responseText));
    };
    xhr.onerror = () => reject(new UploadFailure(t.lost));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** POST /api/upload/music: offers the upload to the library. */
export const offerUpload = (uploadId: number, description: string) =>
  api(
    'POST',
    '/api/upload/music',
    { uploadId, description },
    {
      schema: MusicUploadSchema,
      silent: true,
    },
  );

/** GET /api/upload/music: everyone's for administrators, one page at a time. */
export const useMusicUploads = (offset: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.page(offset),
    queryFn: ({ signal }) =>
      api('GET', `/api/upload/music?offset=${offset}&count=${MUSIC_UPLOADS_PAGE}`, undefined, {
        schema: MusicUploadPageSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useRemoveUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => api('DELETE', `/api/upload/${uploadId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export type ImportTarget = { collectionId: number } | { newName: string };

/** New collections are made first (PUT /downloader/collection/{server}), then the import. */
export function useImportUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ uploadId, target }: { uploadId: number; target: ImportTarget }) => {
      const collectionId =
        'collectionId' in target
          ? target.collectionId
          : (
              await api(
                'PUT',
                `/downloader/collection/${LOCAL_SERVER_ID}`,
                { name: target.newName },
                { schema: CreatedCollectionSchema },
              )
            ).collectionId;
      return api(
        'POST',
        `/api/upload/${uploadId}/import`,
        { collectionId, serverId: LOCAL_SERVER_ID },
        { schema: MusicUploadImportedSchema },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Collections by name for the import dialog. */
export function useCollectionChoices(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: keys.search(trimmed),
    queryFn: ({ signal }) =>
      api(
        'POST',
        '/api/audio_collection/search',
        { query: trimmed, offset: 0, limit: 10 },
        { schema: SearchResponseSchema, signal, silent: true },
      ),
    enabled: trimmed !== '',
  });
}
