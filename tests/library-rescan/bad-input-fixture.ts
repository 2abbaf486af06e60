import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import {
  importFolder,
  type ImportOptions,
  type ImportReport,
} from '../../server/jobs/library-import';
import { ImageStore } from '../../server/media/image-store';
import { buildRepositories } from '../../server/root/repositories';
import { KIND_EXTENSION, writeTaggedAudio, type TrackTags } from '../helpers/tagged-audio';
import { setUpRescan, type RescanSetup } from './rescan-fixture';

/**
 * Library folders of their own beside the rescan fixture's (issue 46, bad input): each test
 * scans only its folder, so what another test left (a name in invalid UTF-8, a loop) is not in
 * its report.
 */
export interface BadInputSetup extends RescanSetup {
  /** A new, empty library folder named `name` under the fixture's temporary folder. */
  library(name: string): Promise<Library>;
}

export interface Library {
  root: string;
  scan(options?: ImportOptions): Promise<ImportReport>;
  /** A real tagged MP3 at `relativePath` + ".mp3"; a frequency of its own keeps prints apart. */
  write(relativePath: string, tags: TrackTags, frequency?: number): Promise<string>;
}

let tone = 200;

export async function setUpBadInput(): Promise<BadInputSetup> {
  const setup = await setUpRescan();
  const repo = buildRepositories(setup.t.db, setup.t.config.database.kind).catalogueWrite;
  const images = new ImageStore(join(setup.t.config.dataDir, 'images'));
  return {
    ...setup,
    async library(name) {
      const root = join(dirname(setup.root), name);
      await mkdir(root, { recursive: true });
      return {
        root,
        scan: (options = {}) => importFolder(repo, images, root, { waveforms: false, ...options }),
        async write(relativePath, tags, frequency = (tone += 7)) {
          const file = join(root, `${relativePath}${KIND_EXTENSION.mp3}`);
          await mkdir(dirname(file), { recursive: true });
          await writeTaggedAudio(file, { kind: 'mp3', tags, frequency });
          return file;
        },
      };
    },
  };
}

/** A file's row as stored: the stat a rescan compares (numbers on both databases), its title. */
export async function rowOf(setup: RescanSetup, path: string) {
  const row = await setup.t.db
    .selectFrom('files')
    .leftJoin('audio', 'audio.file_id', 'files.file_id')
    .select([
      'files.file_id',
      'files.size',
      'files.size_bytes',
      'files.mtime_ms',
      'files.fingerprint',
      'files.missing_since',
      'audio.title',
    ])
    .where('files.path', '=', path)
    .executeTakeFirst();
  // PostgreSQL answers its bigint columns as strings.
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return row && { ...row, size_bytes: num(row.size_bytes), mtime_ms: num(row.mtime_ms) };
}

/** The report's problems about these paths only, in path order. */
export const problemsAt = (report: ImportReport, ...paths: string[]) =>
  report.problems.filter((p) => paths.includes(p.path)).sort((a, b) => (a.path < b.path ? -1 : 1));

/** No problem at all but the expected ones. */
export function expectOnlyProblems(report: ImportReport, expected: ImportReport['problems']) {
  const sorted = (list: ImportReport['problems']) =>
    [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  expect(sorted(report.problems)).toEqual(sorted(expected));
}
