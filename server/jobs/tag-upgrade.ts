import { readTrackInfo, type TrackInfo } from '../media/audio-tags';
import type { CatalogueWriteRepository } from '../modules/catalogue';
import { mapLimited } from './map-limited';

export interface UpgradeReport {
  upgraded: number;
  collectionIds: number[];
  problems: Array<{ path: string; error: string }>;
}

/**
 * Reads known tracks again whose rows an older tag reader filled, and rewrites their
 * tag-derived rows in place: same file ids and collections, so likes, playlist entries, play
 * counts and unlocks stay. Each collection is rewritten in one transaction.
 */
export async function upgradeKnownTracks(
  repo: CatalogueWriteRepository,
  stale: Array<{ fileId: number; collectionId: number; path: string }>,
  onRead: () => void,
): Promise<UpgradeReport> {
  const report: UpgradeReport = { upgraded: 0, collectionIds: [], problems: [] };
  const read = await mapLimited(stale, 8, async (track) => {
    try {
      return { ...track, info: await readTrackInfo(track.path) };
    } catch (error) {
      // Unreadable now: the row keeps what it had; the next import tries again.
      report.problems.push({ path: track.path, error: (error as Error).message });
      return null;
    } finally {
      onRead();
    }
  });
  const byCollection = new Map<number, Array<{ fileId: number; info: TrackInfo }>>();
  for (const track of read) {
    if (!track) continue;
    const list = byCollection.get(track.collectionId) ?? [];
    list.push(track);
    byCollection.set(track.collectionId, list);
  }
  for (const [collectionId, tracks] of byCollection) {
    await repo.transaction(async (trx) => {
      for (const { fileId, info } of tracks) await repo.updateAudio(fileId, info, trx);
      await repo.refreshAggregates(collectionId, trx);
    });
    report.upgraded += tracks.length;
    report.collectionIds.push(collectionId);
  }
  return report;
}
