import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AudioCollectionEditSchema,
  CollectionEditSchema,
} from '../../../../domain/collection';
import type { Settings } from '../../../../domain/settings';
import { uniqueFolded } from '../../../../domain/search-text';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export type CollectionEdit = z.input<typeof CollectionEditSchema>;
export type AudioCollectionEdit = z.input<typeof AudioCollectionEditSchema>;

/**
 * Tags created in the editor join the site's list first (read fresh, so another admin's
 * additions since the page loaded are kept), then POST /api/collection/{id} and
 * POST /api/audio_collection/{id} (admin), then a refetch.
 */
export function useEditCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      collection: CollectionEdit;
      audio: AudioCollectionEdit;
      createdTags: readonly string[];
    }) => {
      if (input.createdTags.length > 0) {
        const settings = await api<Settings>('GET', '/api/settings');
        const collectionTags = uniqueFolded([...settings.collectionTags, ...input.createdTags]);
        await api('POST', '/api/settings', { collectionTags });
      }
      await api('POST', `/api/collection/${id}`, input.collection);
      await api('POST', `/api/audio_collection/${id}`, input.audio);
    },
    onSettled: (_data, _error, input) => {
      if (input.createdTags.length > 0) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.settings.all });
      }
      return queryClient.invalidateQueries({ queryKey: queryKeys.collections.detail(id) });
    },
  });
}
