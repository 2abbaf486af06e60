import { FIRST_LIBRARY_ID } from '../../../domain/libraries';
import { requireBrowse } from '../../access/collections';
import { intParam, type SubsonicCalls, type SubsonicHandler } from './subsonic-call';

/**
 * Music folders are the libraries (issue 46): getMusicFolders lists the ones the caller sees,
 * and the calls that take `musicFolderId` list that library only (a library the caller does
 * not see is not found, error 70, like one that does not exist).
 */
export const FOLDER_CALLS = [
  'getAlbumList',
  'getAlbumList2',
  'getRandomSongs',
  'getSongsByGenre',
  'getIndexes',
  'getArtists',
  'search2',
  'search3',
  'getStarred',
  'getStarred2',
] as const;

/** The call, narrowed to the library its `musicFolderId` names, when it names one. */
const inMusicFolder =
  (handler: SubsonicHandler): SubsonicHandler =>
  async (ctx) => {
    const raw = ctx.params.get('musicFolderId');
    if (raw === undefined || raw === '') return handler(ctx);
    requireBrowse(ctx.caller);
    const libraryId = intParam(ctx.params, 'musicFolderId', 0, 0, Number.MAX_SAFE_INTEGER);
    const caller = await ctx.deps.services.libraries.narrow(ctx.caller, libraryId);
    return handler({ ...ctx, caller });
  };

/** Every call of FOLDER_CALLS in `calls` taking musicFolderId; the others as they are. */
export function withMusicFolders(calls: SubsonicCalls): SubsonicCalls {
  const wrapped: Record<string, SubsonicHandler> = { ...calls };
  for (const name of FOLDER_CALLS) {
    const handler = calls[name];
    if (handler !== undefined) wrapped[name] = inMusicFolder(handler);
  }
  return wrapped;
}

export const folderCalls: SubsonicCalls = {
  /** Without any library yet, one folder still names the whole catalogue (uploads, releases). */
  getMusicFolders: async ({ caller, deps }) => {
    requireBrowse(caller);
    const libraries = await deps.services.libraries.list(caller);
    const musicFolder =
      libraries.length === 0
        ? [{ id: FIRST_LIBRARY_ID, name: 'Music' }]
        : libraries.map((library) => ({ id: library.libraryId, name: library.name }));
    return { musicFolders: { musicFolder } };
  },
};
