import { z } from 'zod';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .positive({ error: `${field} must be positive` })
    .max(2 ** 31 - 1, { error: `${field} is too large` });

export const USER_UPLOAD_DESCRIPTION_MAX = 2000;
export const USER_UPLOADS_PAGE = 50;

/** POST /api/upload/music: offer one's own audio upload to the library. */
export const UserUploadInputSchema = z.strictObject(
  {
    uploadId: id('uploadId'),
    description: z.string({ error: 'description must be text' }).max(USER_UPLOAD_DESCRIPTION_MAX, {
      error: `description must be ${USER_UPLOAD_DESCRIPTION_MAX} characters at most`,
    }),
  },
  { error: 'unknown field in the upload' },
);
export type UserUploadInput = z.infer<typeof UserUploadInputSchema>;

/** GET /api/upload/music?offset&count (count 1..100, 50 by default, like the other lists). */
export const UserUploadsQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must not be negative' })
    .default(0),
  count: z.coerce
    .number({ error: 'count must be a number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be at least 1' })
    .max(100, { error: 'count must be at most 100' })
    .default(USER_UPLOADS_PAGE),
});

/** POST /api/upload/{uploadId}/import: into an existing collection on a server. */
export const UserUploadImportSchema = z.object({
  collectionId: id('collectionId'),
  serverId: z.coerce
    .number({ error: 'serverId must be a number' })
    .int({ error: 'serverId must be a whole number' })
    .min(0, { error: 'serverId must not be negative' })
    .max(2 ** 31 - 1, { error: 'serverId is too large' }),
});
export type UserUploadImport = z.infer<typeof UserUploadImportSchema>;

/** The spec's Upload record, with what the admin table shows beside it. */
export const UserUploadSchema = z.object({
  uploadId: z.number().int(),
  userUploadedMusicDescription: z.string(),
  /** For GET /api/file?path= (the download control). */
  uploadPath: z.string(),
  uploadUserId: z.number().int().nullable(),
  uploadUserName: z.string().nullable(),
  uploadName: z.string(),
  uploadSize: z.number().int(),
  createdAt: z.string(),
});
export type UserUpload = z.infer<typeof UserUploadSchema>;

export const UserUploadListSchema = z.object({
  total: z.number().int(),
  items: z.array(UserUploadSchema),
});
export type UserUploadList = z.infer<typeof UserUploadListSchema>;

export const UserUploadImportedSchema = z.object({
  ok: z.literal(true),
  collectionId: z.number().int(),
  fileId: z.number().int(),
});
export type UserUploadImported = z.infer<typeof UserUploadImportedSchema>;
