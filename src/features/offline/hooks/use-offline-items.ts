import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlaybackRole } from '../../../../domain/playback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  getCollectionSource,
  getPlaylistSource,
  getSmartPlaylistSource,
} from '../api/get-offline-sources';
import {
  itemKey,
  listSaved,
  removeItem,
  saveItem,
  type SavedKind,
  type SaveProgress,
} from '../offline-store';
import { savedItemsKey } from '../saved-items-key';
import { offlineStrings as t } from '../strings';

export { savedItemsKey };

/** What is saved for offline use, read from IndexedDB. */
export const savedItemsQuery = () =>
  queryOptions({
    queryKey: savedItemsKey,
    queryFn: listSaved,
    networkMode: 'always',
    staleTime: Infinity,
  });

export function useSavedItems() {
  return useQuery(savedItemsQuery());
}

/** Save a collection or playlist for offline play, with progress; remove saved items. */
export function useOfflineActions(role: PlaybackRole | null) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: savedItemsKey });
  const save = useMutation({
    networkMode: 'always',
    mutationFn: async ({ kind, id }: { kind: SavedKind; id: number }) => {
      if (!navigator.onLine) throw new Error(t.needsNetwork);
      const source =
        kind === 'collection'
          ? await getCollectionSource(id, role)
          : kind === 'smart-playlist'
            ? await getSmartPlaylistSource(id)
            : await getPlaylistSource(id);
      return saveItem({ key: itemKey(kind, id), kind, refId: id, ...source }, setProgress);
    },
    onSuccess: (item) => notifySuccess(t.saved(item.title, item.tracks.length)),
    onError: (error) => notifyError(t.saveFailed, { description: error.message }),
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const remove = useMutation({
    networkMode: 'always',
    mutationFn: removeItem,
    onSettled: () => void refresh(),
  });
  return { save, remove, progress };
}

/**
 * One collection's or playlist's "Save offline" button: what to call, and whether it is saving
 * (with progress) or already saved. The collection and playlist routes pass this to their pages.
 */
export function useSaveOffline(kind: SavedKind, id: number, role: PlaybackRole | null) {
  const { data: items = [] } = useSavedItems();
  const { save, progress } = useOfflineActions(role);
  const key = itemKey(kind, id);
  return {
    onSave: () => save.mutate({ kind, id }),
    status: {
      saving: save.isPending,
      saved: items.some((item) => item.key === key),
      progress:
        progress && progress.key === key ? { done: progress.done, total: progress.total } : null,
    },
  };
}
