import type { FastifyInstance } from 'fastify';
import { IdParams, OkSchema } from '../../../domain/params';
import {
  NowPlayingSchema,
  StationCreatedSchema,
  StationInputSchema,
  StationListSchema,
  StationUpdateSchema,
} from '../../../domain/radio-stations';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['radio stations'];

/** Internet radio (issue 49): administrators manage stations, signed-in users play them. */
export function radioStationsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { radioStations } = services;
  const r = api(app);
  const ok = { 200: OkSchema };

  r.put(
    '/api/radio_station',
    {
      preValidation: adminOnly,
      schema: { tags, body: StationInputSchema, response: { 200: StationCreatedSchema } },
    },
    async (request) => radioStations.create(await request.caller(), request.body),
  );

  r.get(
    '/api/radio_station',
    { preValidation: signedIn, schema: { tags, response: { 200: StationListSchema } } },
    async (request) => ({ stations: await radioStations.list(await request.caller()) }),
  );

  r.post(
    '/api/radio_station/:id',
    {
      preValidation: adminOnly,
      schema: { tags, params: IdParams, body: StationUpdateSchema, response: ok },
    },
    async (request) => {
      await radioStations.update(await request.caller(), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/radio_station/:id',
    { preValidation: adminOnly, schema: { tags, params: IdParams, response: ok } },
    async (request) => {
      await radioStations.remove(await request.caller(), request.params.id);
      return { ok: true as const };
    },
  );

  // Endless audio: no response schema.
  r.get(
    '/api/radio_station/:id/stream',
    { preValidation: signedIn, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await radioStations.stream(request, reply, request.params.id);
      return reply;
    },
  );

  r.get(
    '/api/radio_station/:id/now-playing',
    {
      preValidation: signedIn,
      schema: { tags, params: IdParams, response: { 200: NowPlayingSchema } },
    },
    async (request) => radioStations.nowPlaying(request.params.id),
  );
}
