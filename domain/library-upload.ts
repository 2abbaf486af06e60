import { z } from 'zod';
import { AUDIO_EXTENSIONS } from './audio-format';

// Names people type or files carry: no path separators or control characters, so a name can
// never leave its folder or break a header or a log line.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f]/;

/** PUT /downloader/collection/{server}: the new collection's name. */
export const NewCollectionSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name must not be empty' })
    .max(200, { error: 'name must be 200 characters at most' })
    .refine((name) => !UNSAFE_NAME.test(name), {
      error: 'name must not contain / \\ or control characters',
    }),
});
export type NewCollection = z.infer<typeof NewCollectionSchema>;

export const CreatedCollectionSchema = z.object({ collectionId: z.number().int() });

/** GET /api/collection/{id}: what /upload/{id} names the collection by. */
export const UploadTargetSchema = z.object({
  collectionId: z.number().int(),
  collectionName: z.string(),
});
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

export const UPLOAD_KINDS = ['audio', 'image', 'companion'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UploadedFileSchema = z.object({
  fileId: z.number().int(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  kind: z.enum(UPLOAD_KINDS),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** POST /downloader/upload/{collectionId}: the stored files; an image may become the cover. */
export const UploadAnswerSchema = z.object({
  files: z.array(UploadedFileSchema),
  collectionImageHash: z.string().nullable(),
});
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;

/** POST /downloader/collection/{id}/import?post=true|false. */
export const ImportAnswerSchema = z.object({
  ok: z.literal(true),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  posted: z.boolean(),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** File name extensions an upload may carry, by kind (the content must agree, see the server). */
export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  audio: AUDIO_EXTENSIONS,
  image: ['.jpg', '.jpeg', '.png', '.webp', '.gif'],
  companion: ['.cue', '.log', '.pdf', '.txt', '.nfo', '.m3u', '.m3u8'],
};

/** The `accept` list of the uploader's file picker. */
export const UPLOAD_ACCEPT = [...Object.values(UPLOAD_EXTENSIONS).flat(), 'audio/*'].join(',');

export function uploadKindOf(name: string): UploadKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot).toLowerCase();
  for (const kind of UPLOAD_KINDS) if (UPLOAD_EXTENSIONS[kind].includes(ext)) return kind;
  return null;
}

/** Why a file name cannot be stored, or null when it can. */
export function uploadNameProblem(name: string): string | null {
  if (name.length === 0) return 'the file has no name';
  if (name.length > 200) return 'the file name is longer than 200 characters';
  if (UNSAFE_NAME.test(name)) return 'the file name contains / \\ or control characters';
  if (name.startsWith('.')) return 'the file name starts with a dot';
  if (uploadKindOf(name) === null)
    return 'only audio, cover images and cue, log, pdf, txt, nfo or m3u files can be uploaded';
  return null;
}

/** PUT /downloader/collection/{server} and a node's finished hand-over: the new collection. */
export type CreatedCollection = z.infer<typeof CreatedCollectionSchema>;
