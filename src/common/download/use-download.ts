import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DownloadFormat } from '../../../domain/audio-format';
import {
  collectionDownloadUrl,
  downloadDecision,
  fileDownloadUrl,
  purchasePrice,
  type PurchaseRequest,
} from '../../../domain/collection-page';
import { unlockedQuery } from '../collections/get-unlocked';
import { publicSettingsQuery, sessionQuery } from '../session';
import { startDownload } from './start-download';

export interface DownloadTarget {
  collection: { collectionId: number; collectionName: string; collectionPrice: number | null };
  /** A single file, or the whole collection when absent. */
  fileId?: number;
  /** The file's name, shown in the "download started" notice (the collection's otherwise). */
  fileName?: string;
  format: DownloadFormat;
}

/**
 * A download click wherever it happens (collection page, home tile, full-screen player): a
 * locked paid collection or a transcode without the right opens the payment chooser (via
 * `onBuy`); otherwise the hidden-frame download starts, with its zero-remaining-downloads
 * check, the green transcode notice and the user refresh (spec part 1, section 4 "Download").
 */
export function useDownload(onBuy: (request: PurchaseRequest) => void) {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ collection, fileId, fileName, format }: DownloadTarget) => {
      const [session, unlocked, settings] = await Promise.all([
        queryClient.ensureQueryData(sessionQuery()),
        queryClient.fetchQuery(unlockedQuery(collection.collectionId)),
        queryClient.ensureQueryData(publicSettingsQuery()).catch(() => undefined),
      ]);
      if (!session) return;
      const decision = downloadDecision(collection, unlocked, session.role, format);
      if (decision.kind === 'buy') {
        onBuy({
          collectionId: collection.collectionId,
          collectionName: collection.collectionName,
          transcode: decision.transcode,
          price: purchasePrice(
            collection,
            unlocked.unlocked || session.role.roleDownloadPaid,
            decision.transcode,
            settings?.transcodePrice ?? 0,
          ),
          collectionPart: purchasePrice(
            collection,
            unlocked.unlocked || session.role.roleDownloadPaid,
            false,
            0,
          ),
          download: { format, fileId, fileName },
        });
        return;
      }
      const url =
        fileId === undefined
          ? collectionDownloadUrl(collection.collectionId, format)
          : fileDownloadUrl(fileId, format);
      await startDownload(url, {
        transcoding: format !== 'original',
        name: fileName ?? collection.collectionName,
        // Always present for one's own account; the server enforces the limit either way.
        remainingDownloads: session.user.remainingDownloads ?? null,
        refreshUser: () => void queryClient.refetchQueries({ queryKey: sessionQuery().queryKey }),
      });
    },
    [queryClient, onBuy],
  );
}
