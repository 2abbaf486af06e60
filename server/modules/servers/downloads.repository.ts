import type { Download } from '../../../domain/servers';
import { fromBool, nowIso, parseJson, toBool, type Db } from '../../db/database';
import type { DownloadRow } from '../../db/server-tables';
import type { DownloadProgress, DownloadState, PostActionSpec } from '../../node/contracts';
import { FINAL_STATES } from '../../node/engine/download-states';

export interface NewDownload {
  serverId: number;
  name: string | null;
  source: string;
  url: string;
  keepOriginal: boolean;
  options: Record<string, unknown>;
  postActions: PostActionSpec[] | null;
}

/** A download as the runner needs it (the list answer shortens torrent files). */
export interface DownloadJob extends Omit<NewDownload, 'serverId'> {
  downloadId: number;
  state: DownloadState;
  resumeState: string | null;
}

export class DownloadsRepository {
  constructor(private readonly db: Db) {}

  async create(input: NewDownload): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('downloads')
      .values({
        server_id: input.serverId,
        name: input.name,
        source: input.source,
        url: input.url,
        keep_original: fromBool(input.keepOriginal),
        options: JSON.stringify(input.options),
        post_actions: input.postActions === null ? null : JSON.stringify(input.postActions),
        state: 'queued',
        added_at: now,
        updated_at: now,
      })
      .returning('download_id')
      .executeTakeFirstOrThrow();
    return row.download_id;
  }

  async list(serverId: number, shorten: (row: DownloadRow) => string): Promise<Download[]> {
    const rows = await this.db
      .selectFrom('downloads')
      .selectAll()
      .where('server_id', '=', serverId)
      .orderBy('download_id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => toWire(row, shorten(row)));
  }

  async find(serverId: number, downloadId: number): Promise<DownloadRow | null> {
    const row = await this.db
      .selectFrom('downloads')
      .selectAll()
      .where('server_id', '=', serverId)
      .where('download_id', '=', downloadId)
      .executeTakeFirst();
    return row ?? null;
  }

  async unfinished(serverId: number): Promise<DownloadJob[]> {
    const rows = await this.db
      .selectFrom('downloads')
      .selectAll()
      .where('server_id', '=', serverId)
      .where('state', 'not in', [...FINAL_STATES])
      .orderBy('download_id')
      .execute();
    return rows.map(toJob);
  }

  async countActive(serverId: number): Promise<number> {
    const row = await this.db
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('server_id', '=', serverId)
      .where('state', 'not in', [...FINAL_STATES])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setState(
    downloadId: number,
    state: DownloadState,
    message: string | null,
    extra: { collectionId?: number } = {},
  ): Promise<void> {
    await this.db
      .updateTable('downloads')
      .set({
        state,
        message,
        updated_at: nowIso(),
        ...(state === 'done' || state === 'error' ? { speed: 0 } : {}),
        ...(extra.collectionId !== undefined ? { collection_id: extra.collectionId } : {}),
      })
      .where('download_id', '=', downloadId)
      .execute();
  }

  async setProgress(downloadId: number, progress: DownloadProgress): Promise<void> {
    await this.db
      .updateTable('downloads')
      .set({
        bytes_done: progress.bytesDone,
        bytes_total: progress.bytesTotal,
        speed: Math.round(progress.speed),
        peers: progress.peers ?? null,
      })
      .where('download_id', '=', downloadId)
      .execute();
  }

  async remember(downloadId: number, state: string): Promise<void> {
    await this.db
      .updateTable('downloads')
      .set({ resume_state: state.slice(0, 4096) })
      .where('download_id', '=', downloadId)
      .execute();
  }

  async delete(serverId: number, downloadId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('downloads')
      .where('server_id', '=', serverId)
      .where('download_id', '=', downloadId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteForServer(serverId: number): Promise<void> {
    await this.db.deleteFrom('downloads').where('server_id', '=', serverId).execute();
  }
}

export function toJob(row: DownloadRow): DownloadJob {
  return {
    downloadId: row.download_id,
    name: row.name,
    source: row.source,
    url: row.url,
    keepOriginal: toBool(row.keep_original),
    options: parseJson<Record<string, unknown>>(row.options, {}),
    postActions:
      row.post_actions === null ? null : parseJson<PostActionSpec[]>(row.post_actions, []),
    state: row.state as DownloadState,
    resumeState: row.resume_state,
  };
}

function toWire(row: DownloadRow, url: string): Download {
  return {
    downloadId: row.download_id,
    name: row.name,
    source: row.source,
    url,
    state: row.state as Download['state'],
    message: row.message,
    addedAt: row.added_at,
    bytesDone: Number(row.bytes_done),
    bytesTotal: row.bytes_total === null ? null : Number(row.bytes_total),
    speed: row.speed,
    peers: row.peers,
    collectionId: row.collection_id,
  };
}
