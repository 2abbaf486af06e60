import { foldText } from '../../domain/search-text';
import { readTrackInfo } from '../media/audio-tags';
import type { ImageStore } from '../media/image-store';
import type { CatalogueWriteRepository, KnownFile } from '../modules/catalogue';
import type { ScannedFile, ScannedFolder } from './folder-scan';
import { fingerprintFile } from './fingerprint';
import { mapLimited } from './map-limited';
import type { ReadTrack } from './release-groups';
import { storeCover } from './release-write';
import { fileProblem } from './scan-problems';
import { readSteadily } from './steady-read';

export interface UpgradeReport {
  upgraded: number;
  collectionIds: number[];
  /** Tracks whose album or album artist changed: the import regroups them (same file ids). */
  regroup: ReadTrack[];
  problems: Array<{ path: string; error: string }>;
}

/** A known audio file whose size, mtime or reader version differs from its row. */
export interface ChangedTrack {
  file: ScannedFile;
  folder: ScannedFolder;
  known: KnownFile;
}

const sameAlbum = (known: KnownFile, album: string | null, albumArtist: string | null) =>
  foldText(known.album ?? '') === foldText(album ?? '') &&
  foldText(known.albumArtist ?? '') === foldText(albumArtist ?? '');

/**
 * Reads known tracks again whose file changed on disk (or whose rows an older tag reader
 * filled) and rewrites everything their tags give in place: title, artists, numbers, lyrics
 * (sidecar or embedded), ReplayGain, cover, then the collection's aggregates and search text.
 * Same file ids and collections, so likes, playlist entries, play counts and unlocks stay.
 * A track whose album changed is handed back to be regrouped. Each collection is rewritten in
 * one transaction; an unreadable file keeps its row and is read again next time.
 */
export async function upgradeKnownTracks(
  repo: CatalogueWriteRepository,
  images: ImageStore,
  changed: ChangedTrack[],
  onRead: () => void,
): Promise<UpgradeReport> {
  const report: UpgradeReport = { upgraded: 0, collectionIds: [], regroup: [], problems: [] };
  const read = await mapLimited(changed, 8, async (track) => {
    try {
      // Tags and print from one steady file, with its stat (steady-read.ts): never half a row.
      const { file, value } = await readSteadily(track.file, async (now) => ({
        info: await readTrackInfo(now.path),
        fingerprint: await fingerprintFile(now.path, now.size),
      }));
      return { ...track, file, ...value };
    } catch (error) {
      report.problems.push({ path: track.file.path, error: fileProblem(error) });
      return null;
    } finally {
      onRead();
    }
  });
  const byCollection = new Map<number, Array<ReadTrack & { known: KnownFile }>>();
  for (const track of read) {
    if (!track) continue;
    if (!sameAlbum(track.known, track.info.album, track.info.albumArtist)) {
      report.regroup.push(track);
      continue;
    }
    const list = byCollection.get(track.known.collectionId) ?? [];
    list.push(track);
    byCollection.set(track.known.collectionId, list);
  }
  for (const [collectionId, tracks] of byCollection) {
    const covers = await Promise.all(
      tracks.map((t) => (t.info.cover ? storeCover(repo, images, t.info.cover.data) : null)),
    );
    await repo.transaction(async (trx) => {
      for (const [i, { known, info, file, fingerprint }] of tracks.entries()) {
        await repo.updateAudio(known.fileId, info, trx);
        const stat = { ...file, fingerprint: fingerprint ?? null, imageHash: covers[i] ?? null };
        await repo.libraryFiles.recordStat(known.fileId, stat, trx);
      }
      await repo.refreshAggregates(collectionId, trx);
    });
    report.upgraded += tracks.length;
    report.collectionIds.push(collectionId);
  }
  return report;
}
