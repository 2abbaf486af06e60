import { intParam, type SubsonicCalls } from './subsonic-call';
import { parseRefOf, songId } from './subsonic-ids';
import { songsFor } from './subsonic-songs';

export const queueCalls: SubsonicCalls = {
  /**
   * The queue to continue on another device (the web app offers it too). Songs the caller may
   * not see are left out; no id clears the saved queue (OpenSubsonic).
   */
  savePlayQueue: async ({ deps, caller, params }) => {
    const fileIds = params.getAll('id').map((raw) => parseRefOf(raw, 'song'));
    const current = params.get('current');
    await deps.services.playQueue.save(caller, {
      fileIds,
      currentFileId: current === undefined || current === '' ? null : parseRefOf(current, 'song'),
      positionMs: intParam(params, 'position', 0, 0, Number.MAX_SAFE_INTEGER),
      changedBy: params.get('c') ?? 'unknown',
    });
    return {};
  },

  /** Nothing saved: an answer without playQueue, as the spec allows. */
  getPlayQueue: async ({ deps, caller }) => {
    const queue = await deps.services.playQueue.current(caller);
    if (queue === undefined) return {};
    const entry = await songsFor(deps, caller, queue.fileIds);
    return {
      playQueue: {
        ...(queue.currentFileId === null ? {} : { current: songId(queue.currentFileId) }),
        position: queue.positionMs,
        username: caller.user.user_name,
        changed: queue.changedAt,
        changedBy: queue.changedBy,
        entry,
      },
    };
  },
};
