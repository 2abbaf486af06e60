import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikedIds } from '../../../domain/playlist';
import { notify } from '../../lib/notify';
import { sendOrQueue } from '../../lib/outbox';
import { libraryStrings } from '../../lib/strings';
import { addFilesCall, removeFileCall } from '../playlists/playlist-files';
import { queryKeys } from '../query-keys';
import { useSession } from '../session';

export interface ToggleLike {
  fileId: number;
  /** The state wanted: true likes, false unlikes. */
  liked: boolean;
}

/**
 * Like = PUT /api/playlist/{likedPlaylist}/file {ids}; unlike = DELETE .../file/{fileId}
 * (spec part 1, section 4 "Like"). The heart flips at once. Offline, or when the request
 * never reaches the server, the call waits in the outbox (IndexedDB) and goes out when the
 * network returns, so the heart stays given; a refusal by the server flips it back.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const likedPlaylist = session?.user.likedPlaylist;
  const key = queryKeys.playlists.likedIds();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ fileId, liked }: ToggleLike) => {
      if (likedPlaylist === undefined) return 'sent' as const;
      return sendOrQueue(
        liked ? addFilesCall(likedPlaylist, [fileId]) : removeFileCall(likedPlaylist, fileId),
      );
    },
    onMutate: async ({ fileId, liked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<LikedIds>(key);
      queryClient.setQueryData<LikedIds>(key, (ids = []) =>
        liked ? [...new Set([...ids, fileId])] : ids.filter((id) => id !== fileId),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSuccess: (result) => {
      // A queued like is not on the server yet: refetching now would undo the heart. The outbox
      // refreshes the playlists once it has sent it (routes/__root.tsx).
      if (result === 'queued') {
        notify(libraryStrings.likes.queuedOffline);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      // The Favourites page lists the liked tracks too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.annotations.favourites() });
    },
  });
}
