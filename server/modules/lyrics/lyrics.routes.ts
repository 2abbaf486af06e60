import type { FastifyInstance } from 'fastify';
import { LyricsEditSchema, LyricsSchema } from '../../../domain/lyrics';
import { IdParams } from '../../../domain/params';
import { adminOnly, browsing } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['lyrics'];
/** LyricsEditSchema's 200,000 characters, at up to four bytes each and JSON escapes. */
const EDIT_BODY_LIMIT = 1024 * 1024;

/** A track's lyrics, synced or plain; administrators edit them from the tag editor. */
export function lyricsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { lyrics } = services;
  const r = api(app);

  r.get(
    '/api/lyrics/:id',
    {
      preValidation: browsing,
      schema: { tags, params: IdParams, response: { 200: LyricsSchema } },
    },
    async (request) => lyrics.get(request.params.id, await request.caller()),
  );

  r.put(
    '/api/lyrics/:id',
    {
      preValidation: adminOnly,
      bodyLimit: EDIT_BODY_LIMIT,
      schema: { tags, params: IdParams, body: LyricsEditSchema, response: { 200: LyricsSchema } },
    },
    async (request) => lyrics.edit(request.params.id, request.body.text, await request.caller()),
  );
}
