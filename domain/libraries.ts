import { z } from 'zod';
import { ImportJobSchema } from './library-import';

/**
 * Libraries (issue 46): music folders the server follows, each scanned and watched on its own.
 * MUSIC_DIR is always the first (library 1); administrators add more. A role chooses which
 * libraries its members see (Role.roleLibraries); collections that came from no library folder
 * (uploads, store releases) are seen as before.
 */

/** The first library, MUSIC_DIR: its folder comes from the server's configuration. */
export const FIRST_LIBRARY_ID = 1;

export const LibraryNameSchema = z.string().trim().min(1).max(100);

/** A library as a member sees it (GET /api/libraries): only the ones their role sees. */
export const LibrarySchema = z.object({
  libraryId: z.number().int().positive(),
  name: z.string(),
});
export type Library = z.infer<typeof LibrarySchema>;

/** A library as an administrator sees it: its folder, its counts and its scans. */
export const AdminLibrarySchema = LibrarySchema.extend({
  /** The absolute folder on the server. */
  path: z.string(),
  /** MUSIC_DIR: the folder is set by the server's configuration and cannot be removed here. */
  fromConfig: z.boolean(),
  /** Albums and tracks present (missing ones not counted). */
  collectionCount: z.number().int().nonnegative(),
  trackCount: z.number().int().nonnegative(),
  /** The folder is gone or empty while tracks are known (an unmounted disk): nothing is hidden. */
  vanished: z.boolean(),
  /** The newest scan of this library (running or finished); null before the first. */
  lastScan: ImportJobSchema.nullable(),
  /** MISSING_RETENTION_DAYS: how long a removed library's albums are kept, hidden. */
  missingRetentionDays: z.number().int().positive(),
});
export type AdminLibrary = z.infer<typeof AdminLibrarySchema>;

/** GET /api/libraries: administrators get AdminLibrary rows, everyone else Library rows. */
export const LibraryListSchema = z.object({
  libraries: z.array(z.union([AdminLibrarySchema, LibrarySchema])),
});
export type LibraryList = z.infer<typeof LibraryListSchema>;

/** PUT /api/library (admin): a new library; its first scan starts at once. */
export const NewLibrarySchema = z.object({
  name: LibraryNameSchema,
  /** An absolute folder on the server, outside DATA_DIR and not inside another library. */
  path: z.string().trim().min(1).max(4096),
});
export type NewLibrary = z.infer<typeof NewLibrarySchema>;

/** POST /api/library/{libraryId} (admin): rename. */
export const LibraryRenameSchema = z.object({ name: LibraryNameSchema });
export type LibraryRename = z.infer<typeof LibraryRenameSchema>;

/**
 * DELETE /api/library/{libraryId} (admin): the library's files are marked missing (hidden, kept
 * until MISSING_RETENTION_DAYS, back with all their state if the same folder is added again).
 */
export const LibraryRemovedSchema = z.object({
  ok: z.literal(true),
  missingFiles: z.number().int().nonnegative(),
});
export type LibraryRemoved = z.infer<typeof LibraryRemovedSchema>;
