import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DownloadFormat } from '../../../../domain/audio-format';
import {
  collectionDownloadUrl,
  downloadDecision,
  fileDownloadUrl,
  purchasePrice,
  type PurchaseRequest,
} from '../../../../domain/collection-page';
import { publicSettingsQuery, sessionQuery } from '../../../app/session';
import { startDownload } from '../../../lib/download';
import { unlockedQuery } from '../api/get-unlocked';

export interface DownloadTarget {
  collection: { collectionId: number; collectionName: string; collectionPrice: number | null };
  /** A single file, or the whole collection when absent. */
  fileId?: number;
  format: DownloadFormat;
}

/**
 * A download click: a locked paid collection or a transcode without the right opens the payment
 * chooser (via `onBuy`); otherwise the hidden-frame download starts.
 */
export function useCollectionDownload(onBuy: (request: PurchaseRequest) => void) {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ collection, fileId, format }: DownloadTarget) => {
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
        });
        return;
      }
      const url =
        fileId === undefined
          ? collectionDownloadUrl(collection.collectionId, format)
          : fileDownloadUrl(fileId, format);
      await startDownload(url, {
        transcoding: format !== 'original',
        remainingDownloads: session.user.remainingDownloads,
        refreshUser: () => void queryClient.refetchQueries({ queryKey: sessionQuery().queryKey }),
      });
    },
    [queryClient, onBuy],
  );
}
