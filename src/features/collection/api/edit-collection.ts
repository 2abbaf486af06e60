import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AudioCollectionEditSchema,
  CollectionEditSchema,
} from '../../../../domain/collection';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

export type CollectionEdit = z.input<typeof CollectionEditSchema>;
export type AudioCollectionEdit = z.input<typeof AudioCollectionEditSchema>;

/** POST /api/collection/{id} then POST /api/audio_collection/{id} (admin), then a refetch. */
export function useEditCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { collection: CollectionEdit; audio: AudioCollectionEdit }) => {
      await api('POST', `/api/collection/${id}`, input.collection);
      await api('POST', `/api/audio_collection/${id}`, input.audio);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections.detail(id) }),
  });
}
