import type { FastifyInstance } from 'fastify';
import { BookmarkInputSchema, BookmarkListSchema, FileIdParams } from '../../../domain/bookmarks';
import { OkSchema } from '../../../domain/params';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['bookmarks'];

/**
 * Bookmarks (issue 49): the caller's own. A file's position is PUT here; an episode's through
 * PUT /api/podcast/episode/{episodeId}/position. GET lists both ("Continue listening").
 */
export function bookmarksRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { bookmarks } = services;
  const r = api(app);
  const auth = { preValidation: signedIn };
  const ok = { 200: OkSchema };

  r.get(
    '/api/bookmark',
    { ...auth, schema: { tags, response: { 200: BookmarkListSchema } } },
    async (request) => ({ bookmarks: await bookmarks.list(await request.caller()) }),
  );

  r.put(
    '/api/bookmark/file/:fileId',
    { ...auth, schema: { tags, params: FileIdParams, body: BookmarkInputSchema, response: ok } },
    async (request) => {
      await bookmarks.saveFile(await request.caller(), request.params.fileId, request.body);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/bookmark/file/:fileId',
    { ...auth, schema: { tags, params: FileIdParams, response: ok } },
    async (request) => {
      await bookmarks.deleteFile(await request.caller(), request.params.fileId);
      return { ok: true as const };
    },
  );
}
