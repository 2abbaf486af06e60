import type { AdminLibrary, Library, LibraryRemoved, NewLibrary } from '../../../domain/libraries';
import type { ImportJob } from '../../../domain/library-import';
import type { Caller } from '../../access/caller';
import { requireAdmin } from '../../access/caller';
import {
  LIBRARY_NOT_FOUND,
  seesLibrary,
  seesLibraryFolders,
  withinLibrary,
} from '../../access/libraries';
import type { Config } from '../../config';
import type { LibraryRow } from '../../db/catalogue-tables';
import { BadRequest, Conflict, NotFound } from '../../errors';
import {
  checkNewLibraryFolder,
  folderLooksEmpty,
  LibraryFolderProblem,
} from '../../storage/library-folder';
import type { LibraryCollectionsRepository } from '../catalogue';
import type { ImportJobsRepository } from './import-jobs.repository';
import type { ImportJobsService } from './import-jobs.service';
import type { LibrariesRepository } from './libraries.repository';

/** The name MUSIC_DIR's library starts with (administrators may rename it). */
const FIRST_NAME = 'Music';

interface Repositories {
  libraries: LibrariesRepository;
  libraryCollections: LibraryCollectionsRepository;
  importJobs: ImportJobsRepository;
}

/**
 * Libraries (issue 46, domain/libraries.ts): MUSIC_DIR's from the configuration, others added
 * by administrators; each is scanned and followed on its own by ImportJobsService. Who sees
 * which library is server/access's rule (a role's roleLibraries).
 */
export class LibrariesService {
  constructor(
    private readonly repos: Repositories,
    private readonly config: Config,
    private readonly imports: ImportJobsService,
  ) {}

  /**
   * At start: MUSIC_DIR is the configured library (its row follows the variable), and albums
   * imported before there were libraries join the library whose folder holds their files.
   */
  async init(): Promise<void> {
    const folder = this.config.musicDir;
    const configured = await this.repos.libraries.configured();
    if (folder === null) {
      // MUSIC_DIR unset: its library stays (nothing is hidden), now removable in the screens.
      if (configured !== undefined)
        await this.repos.libraries.update(configured.library_id, { fromConfig: false });
    } else {
      const taken = await this.repos.libraries.findByPath(folder);
      if (configured === undefined && taken === undefined)
        await this.repos.libraries.insert({ name: FIRST_NAME, path: folder, fromConfig: true });
      else if (configured === undefined && taken !== undefined)
        await this.repos.libraries.update(taken.library_id, { fromConfig: true, removedAt: null });
      else if (configured !== undefined && configured.path !== folder && taken === undefined)
        await this.repos.libraries.update(configured.library_id, { path: folder });
    }
    for (const row of await this.repos.libraries.active())
      await this.repos.libraryCollections.claimUnder(row.path, row.library_id);
  }

  /** GET /api/libraries: administrators get every library in full, others the ones they see. */
  async list(caller: Caller): Promise<Array<Library | AdminLibrary>> {
    const rows = await this.repos.libraries.active();
    if (!seesLibraryFolders(caller))
      return rows
        .filter((row) => seesLibrary(caller, row.library_id))
        .map((row) => ({ libraryId: row.library_id, name: row.name }));
    const counts = await this.repos.libraryCollections.counts();
    const scans = await this.repos.importJobs.latestPerLibrary(rows.map((r) => r.library_id));
    return Promise.all(
      rows.map((row) => this.adminView(row, counts, scans.get(row.library_id) ?? null)),
    );
  }

  private async adminView(
    row: LibraryRow,
    counts: Awaited<ReturnType<LibraryCollectionsRepository['counts']>>,
    lastScan: ImportJob | null,
  ): Promise<AdminLibrary> {
    const count = counts.get(row.library_id) ?? { collections: 0, tracks: 0 };
    return {
      libraryId: row.library_id,
      name: row.name,
      path: row.path,
      fromConfig: row.from_config === 1,
      collectionCount: count.collections,
      trackCount: count.tracks,
      vanished: count.tracks > 0 && (await folderLooksEmpty(row.path)),
      lastScan,
      missingRetentionDays: this.config.missingRetentionDays,
    };
  }

  private async adminOne(libraryId: number): Promise<AdminLibrary> {
    const row = await this.repos.libraries.find(libraryId);
    if (row === undefined) throw new NotFound(LIBRARY_NOT_FOUND);
    const counts = await this.repos.libraryCollections.counts();
    const scans = await this.repos.importJobs.latestPerLibrary([libraryId]);
    return this.adminView(row, counts, scans.get(libraryId) ?? null);
  }

  /**
   * PUT /api/library: a folder checked (absolute, a folder, outside DATA_DIR, apart from the
   * other libraries), then scanned and followed. A folder removed before comes back as the same
   * library, its missing files restored by the scan with all their state.
   */
  async add(caller: Caller, input: NewLibrary): Promise<AdminLibrary> {
    requireAdmin(caller);
    const others = await this.repos.libraries.active();
    let path: string;
    try {
      path = await checkNewLibraryFolder(input.path, this.config.dataDir, others);
    } catch (error) {
      if (!(error instanceof LibraryFolderProblem)) throw error;
      throw error.conflict ? new Conflict(error.message) : new BadRequest(error.message);
    }
    const libraryId = await this.addOrRevive(input.name, path);
    await this.imports.requestScan(libraryId);
    await this.imports.follow();
    return this.adminOne(libraryId);
  }

  /**
   * The new library's id: a removed one of this folder revived, or a new row. The same folder
   * added at once (two tabs, two app servers) is one library: the others get 409.
   */
  private async addOrRevive(name: string, path: string): Promise<number> {
    const taken = (row: LibraryRow) => new Conflict(`${path} is already the library "${row.name}"`);
    const existing = await this.repos.libraries.findByPath(path);
    if (existing !== undefined) {
      if (await this.repos.libraries.revive(existing.library_id, name)) return existing.library_id;
      throw taken(existing);
    }
    try {
      return (await this.repos.libraries.insert({ name, path, fromConfig: false })).library_id;
    } catch (error) {
      // The unique folder: another request inserted it between the look and the insert.
      const winner = await this.repos.libraries.findByPath(path);
      throw winner === undefined ? error : taken(winner);
    }
  }

  async rename(caller: Caller, libraryId: number, name: string): Promise<AdminLibrary> {
    requireAdmin(caller);
    if ((await this.repos.libraries.find(libraryId)) === undefined)
      throw new NotFound(LIBRARY_NOT_FOUND);
    await this.repos.libraries.update(libraryId, { name });
    return this.adminOne(libraryId);
  }

  /**
   * DELETE /api/library/{id}: the library stops being followed and its files are marked missing
   * (kept MISSING_RETENTION_DAYS). MUSIC_DIR's is the configuration's to change, and a library
   * being scanned waits for its scan to end.
   */
  async remove(caller: Caller, libraryId: number): Promise<LibraryRemoved> {
    requireAdmin(caller);
    const row = await this.repos.libraries.find(libraryId);
    if (row === undefined) throw new NotFound(LIBRARY_NOT_FOUND);
    if (row.from_config === 1)
      throw new BadRequest('This library is MUSIC_DIR: change the variable to stop following it');
    if (await this.imports.scanning(libraryId))
      throw new Conflict('This library is being scanned: remove it when the scan ends');
    await this.repos.libraries.update(libraryId, { removedAt: new Date().toISOString() });
    const missingFiles = await this.repos.libraryCollections.hideLibrary(libraryId);
    await this.imports.follow();
    return { ok: true, missingFiles };
  }

  /** POST /api/library/{id}/scan. */
  scan(caller: Caller, libraryId: number): Promise<ImportJob> {
    requireAdmin(caller);
    return this.imports.start(libraryId);
  }

  /**
   * The caller narrowed to one library they see (the browse filter, Subsonic's musicFolderId);
   * the caller as it is without one. A library they do not see is not found.
   */
  async narrow(caller: Caller, libraryId: number | null | undefined): Promise<Caller> {
    if (libraryId === null || libraryId === undefined) return caller;
    const row = await this.repos.libraries.find(libraryId);
    // With no library yet, the first one's id still names everything (Subsonic's one folder).
    const exists = row !== undefined || (await this.repos.libraries.active()).length === 0;
    if (!exists) throw new NotFound(LIBRARY_NOT_FOUND);
    return withinLibrary(caller, libraryId);
  }
}
