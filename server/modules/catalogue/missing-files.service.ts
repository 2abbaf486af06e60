import type { CatalogueWriteRepository } from './catalogue-write.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Files a rescan found gone are hidden, not deleted (decision 0056): a disk remounted or an album
 * moved back brings them back with their likes and playlist entries. This service ends that
 * wait: after MISSING_RETENTION_DAYS on a schedule, or at once when an administrator says so.
 */
export class MissingFilesService {
  constructor(private readonly repos: { catalogueWrite: CatalogueWriteRepository }) {}

  /** How many files (audio and companions) are marked missing now. */
  countMissing(): Promise<number> {
    return this.repos.catalogueWrite.libraryFiles.countMissing();
  }

  /**
   * Deletes the files missing for more than `olderThanDays` days, with everything kept by their
   * id (likes, playlist entries, plays: by cascade), then refreshes their collections (an album
   * left with no file at all stays marked missing, so lists still skip it). Answers the count.
   */
  purgeMissing(olderThanDays: number, now: Date = new Date()): Promise<number> {
    return this.purgeBefore(new Date(now.getTime() - olderThanDays * DAY_MS).toISOString());
  }

  /** The administrator's "remove missing files now": every missing file, whatever its age. */
  removeMissingNow(): Promise<number> {
    return this.purgeBefore(new Date().toISOString());
  }

  private async purgeBefore(cutoffIso: string): Promise<number> {
    const repo = this.repos.catalogueWrite;
    const { deleted, collectionIds } = await repo.libraryFiles.deleteMissingBefore(cutoffIso);
    for (const id of collectionIds) await repo.refreshAggregates(id);
    if (deleted > 0) await repo.deleteUnlinkedArtists();
    return deleted;
  }
}
