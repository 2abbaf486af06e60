import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Track } from '../../../../domain/track';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { SaveProgress } from '../offline-store';
import { itemKey, savedItemsKey } from '../saved-items-key';
import { offlineStrings as t } from '../strings';

/**
 * The offline store is loaded when first needed: the podcast page (whose chunk this hook is in)
 * then does not carry the collection and playlist saving code (the route's byte budget).
 */
const offlineStore = () => import('../offline-store');
const episodeKey = (episodeId: number) => itemKey('episode', episodeId);

/** One episode's offline copy as a page shows it. */
export interface EpisodeOfflineState {
  saved: boolean;
  saving: boolean;
  /** How much of the episode has arrived (0 to 1), while saving and when the size is known. */
  share: number | null;
}

/**
 * "Save offline" for podcast episodes (issue 49), like a collection's: the podcast route hands
 * this to the podcast page. One episode is saved at a time (`busy` while one is).
 */
export function useEpisodeOffline() {
  const client = useQueryClient();
  const { data: items = [] } = useQuery({
    queryKey: savedItemsKey,
    queryFn: async () => (await offlineStore()).listSaved(),
    networkMode: 'always',
    staleTime: Infinity,
  });
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: savedItemsKey });
  const save = useMutation({
    networkMode: 'always',
    mutationFn: async ({ episodeId, track }: { episodeId: number; track: Track }) => {
      if (!navigator.onLine) throw new Error(t.needsNetwork);
      return (await offlineStore()).saveEpisode(episodeId, track, setProgress);
    },
    onSuccess: (item) => notifySuccess(t.episodeSaved(item.title)),
    onError: (error) => notifyError(t.saveFailed, { description: error.message }),
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const remove = useMutation({
    networkMode: 'always',
    mutationFn: async (episodeId: number) =>
      (await offlineStore()).removeItem(episodeKey(episodeId)),
    onSettled: () => void refresh(),
  });
  return {
    busy: save.isPending,
    state(episodeId: number): EpisodeOfflineState {
      const key = episodeKey(episodeId);
      const mine = progress?.key === key ? progress : null;
      return {
        saved: items.some((item) => item.key === key),
        saving: save.isPending && save.variables.episodeId === episodeId,
        share: mine?.expectedBytes ? Math.min(1, mine.bytes / mine.expectedBytes) : null,
      };
    },
    save: (episodeId: number, track: Track) => save.mutate({ episodeId, track }),
    remove: (episodeId: number) => remove.mutate(episodeId),
  };
}
