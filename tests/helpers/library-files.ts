import { parseBuffer } from 'music-metadata';
import type { TestApp } from './test-app';

export interface FixtureFile {
  fileId: number;
  path: string;
  relativePath: string;
  format: string | null;
  title: string | null;
}

/** The collection's files as stored, in the order of their paths, with the audio's format and title. */
export async function filesOf(t: TestApp, collectionId: number): Promise<FixtureFile[]> {
  const rows = await t.db
    .selectFrom('files')
    .leftJoin('audio', 'audio.file_id', 'files.file_id')
    .select(['files.file_id', 'files.path', 'files.relative_path', 'audio.format', 'audio.title'])
    .where('files.collection_id', '=', collectionId)
    .orderBy('files.relative_path')
    .execute();
  return rows.map((r) => ({
    fileId: r.file_id,
    path: r.path,
    relativePath: r.relative_path,
    format: r.format,
    title: r.title,
  }));
}

export async function audioFile(
  t: TestApp,
  collectionId: number,
  format?: string,
): Promise<FixtureFile> {
  const file = (await filesOf(t, collectionId)).find(
    (f) => f.format !== null && (format === undefined || f.format === format),
  );
  if (!file) throw new Error(`no ${format ?? 'audio'} file in collection ${collectionId}`);
  return file;
}

export const parseAudio = (body: Buffer, mimeType?: string) =>
  parseBuffer(new Uint8Array(body), mimeType ? { mimeType } : undefined, { duration: true });
