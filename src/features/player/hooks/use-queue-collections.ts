import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { queueAtom } from '../state/player-atoms';

/** The distinct collections of the queued library tracks, in queue order. */
export function useQueueCollectionIds(): number[] {
  const queue = useAtomValue(queueAtom);
  return useMemo(
    () => [
      ...new Set(
        queue.flatMap((track) => (track.collectionId === undefined ? [] : [track.collectionId])),
      ),
    ],
    [queue],
  );
}
