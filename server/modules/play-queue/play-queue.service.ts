import { PLAY_QUEUE_MAX_ENTRIES, type SavedPlayQueue } from '../../../domain/play-queue';
import type { PlaylistEntry } from '../../../domain/playlist';
import type { Caller } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { nowIso } from '../../db/database';
import { toWireEntry } from '../playlists';
import type { PlayQueueRepository, PlayQueueRow } from './play-queue.repository';

export interface PlayQueueInput {
  fileIds: number[];
  currentFileId: number | null;
  positionMs: number;
  /** The app's client name. */
  changedBy: string;
}

/**
 * The queue one device saves and another continues (Subsonic savePlayQueue / getPlayQueue, the
 * web app's "continue where you left off"). Only what the caller may see is kept and answered:
 * entries hidden since the save drop out of the answer.
 */
export class PlayQueueService {
  constructor(private readonly repo: PlayQueueRepository) {}

  /** Saves the queue (visible audio files only, in order); an empty queue removes it. */
  async save(caller: Caller, input: PlayQueueInput): Promise<void> {
    requireBrowse(caller);
    const visible = await this.repo.visibleAudio([...new Set(input.fileIds)], caller);
    const fileIds = input.fileIds.filter((id) => visible.has(id)).slice(0, PLAY_QUEUE_MAX_ENTRIES);
    if (fileIds.length === 0) {
      await this.repo.clear(caller.userId);
      return;
    }
    const current = input.currentFileId;
    await this.repo.save(caller.userId, {
      fileIds,
      currentFileId: current !== null && fileIds.includes(current) ? current : null,
      positionMs: Math.max(0, Math.trunc(input.positionMs)),
      changedAt: nowIso(),
      changedBy: input.changedBy,
    });
  }

  /** The saved queue as the caller may see it now; undefined when none is saved. */
  async current(caller: Caller): Promise<PlayQueueRow | undefined> {
    requireBrowse(caller);
    const row = await this.repo.find(caller.userId);
    if (row === undefined) return undefined;
    const visible = await this.repo.visibleAudio([...new Set(row.fileIds)], caller);
    const fileIds = row.fileIds.filter((id) => visible.has(id));
    const current = row.currentFileId;
    return {
      ...row,
      fileIds,
      currentFileId: current !== null && visible.has(current) ? current : null,
    };
  }

  /** GET /api/play_queue: the entries in the player's shape. */
  async forWeb(caller: Caller): Promise<SavedPlayQueue | null> {
    const row = await this.current(caller);
    if (row === undefined) return null;
    return {
      entries: await this.entriesFor(caller, row.fileIds),
      currentFileId: row.currentFileId,
      positionMs: row.positionMs,
      changedAt: row.changedAt,
      changedBy: row.changedBy,
    };
  }

  /**
   * These files as the player's entries, in this order, those the caller may see now: a saved
   * queue, or the queue another device hands over ("play here", the devices module).
   */
  async entriesFor(caller: Caller, fileIds: readonly number[]): Promise<PlaylistEntry[]> {
    requireBrowse(caller);
    const byId = new Map(
      (await this.repo.entries([...new Set(fileIds)], caller)).map((entry) => [
        Number(entry.file_id),
        entry,
      ]),
    );
    return fileIds.flatMap((id) => {
      const found = byId.get(id);
      const entry = found && toWireEntry(found, caller);
      return entry ? [entry] : [];
    });
  }
}
