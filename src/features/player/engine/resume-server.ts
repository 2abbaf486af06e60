import { queryClient } from '../../../app/query-client';
import { bookmarksQuery } from '../../../common/bookmarks/bookmarks';
import { finishPosition, savePosition } from '../../../common/bookmarks/positions';
import { queryKeys } from '../../../common/query-keys';
import type { ResumeServer } from './resume-keeper';

/** The resume keeper's server: the bookmark and episode position calls, and the query cache. */
export const resumeServer: ResumeServer = {
  list: async () => (await queryClient.fetchQuery({ ...bookmarksQuery(), staleTime: 0 })).bookmarks,
  save: savePosition,
  finish: finishPosition,
  refresh(point) {
    // "Continue listening" and a podcast's episodes show the position just kept.
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks.all });
    if (point.kind === 'episode')
      void queryClient.invalidateQueries({ queryKey: queryKeys.podcasts.all });
  },
};
