import path from 'node:path';
import { z } from 'zod';
import { readText } from '../../storage/folder-reads';
import { writeWhole } from '../../storage/work-files';

/** The file every backup folder ends with; written last, so its presence means complete. */
export const MANIFEST_NAME = 'manifest.json';
/** Stored files sit under this folder of a backup, by their path relative to DATA_DIR. */
export const FILES_FOLDER = 'files';

/** A relative, forward-slash path with no way out of the folder it is joined to. */
const RelativePath = z
  .string()
  .min(1)
  .max(4096)
  .refine(
    (p) =>
      !p.includes('\0') &&
      !p.includes('\\') &&
      !path.posix.isAbsolute(p) &&
      path.posix.normalize(p) === p &&
      !p.split('/').includes('..'),
    { error: 'a manifest path must stay inside the backup' },
  );

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestFileSchema = z.object({
  path: RelativePath,
  size: z.number().int().nonnegative(),
  sha256: Sha256,
});
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

export const ManifestSchema = z.object({
  format: z.literal('musicbox-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** DATA_DIR of the backed-up server: rows hold absolute paths under it, rebased on restore. */
  sourceDataDir: z.string(),
  database: z.union([
    z.object({ kind: z.literal('sqlite'), file: RelativePath, size: z.number(), sha256: Sha256 }),
    z.object({ kind: z.literal('postgres'), file: RelativePath, size: z.number(), sha256: Sha256 }),
    // No pg_dump on the server: the files are here, the database is the operator's to dump.
    z.object({ kind: z.literal('postgres'), file: z.null(), instructions: z.string() }),
  ]),
  files: z.array(ManifestFileSchema),
  /** What was deliberately left out, and why (shown to whoever restores). */
  skipped: z.array(z.string()),
  totalBytes: z.number().int().nonnegative(),
  /**
   * The backup_runs row of a backup the server ran: the snapshot holds it as running, so the
   * restore marks it done (a CLI backup has none).
   */
  runId: z.number().int().nullable().default(null),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeWhole(path.join(folder, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readText(path.join(folder, MANIFEST_NAME));
  } catch {
    throw new Error(`${folder} holds no ${MANIFEST_NAME}: not a finished Musicbox backup`);
  }
  const parsed = ManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${MANIFEST_NAME} is not a valid Musicbox backup manifest`);
  return parsed.data;
}

export const PG_DUMP_INSTRUCTIONS =
  'pg_dump was not found on this server, so this backup holds the files only. Dump the ' +
  'database yourself at the same moment: pg_dump --format=custom --file=musicbox.pgdump ' +
  '"$DATABASE_URL"; restore it with pg_restore --no-owner --dbname="$DATABASE_URL" ' +
  'musicbox.pgdump into an empty database, then run npm run restore for the files.';
