import { z } from 'zod';
import { WebAddressSchema } from './podcasts';

const NameSchema = z
  .string()
  .trim()
  .min(1, { error: 'name is required' })
  .max(200, { error: 'name must be at most 200 characters' });

/** Body of PUT /api/radio_station. */
export const StationInputSchema = z.object({
  name: NameSchema,
  streamUrl: WebAddressSchema,
  homepageUrl: WebAddressSchema.nullable().optional(),
});
export type StationInput = z.infer<typeof StationInputSchema>;

/** Body of POST /api/radio_station/{id}: what changes. */
export const StationUpdateSchema = StationInputSchema.partial();
export type StationUpdate = z.infer<typeof StationUpdateSchema>;

export const StationCreatedSchema = z.object({ stationId: z.number().int() });

export const StationSchema = z.object({
  stationId: z.number().int(),
  name: z.string(),
  homepageUrl: z.string().nullable(),
  /** Administrators only: everyone else plays through /api/radio_station/{id}/stream. */
  streamUrl: z.string().optional(),
});
export type Station = z.infer<typeof StationSchema>;

export const StationListSchema = z.object({ stations: z.array(StationSchema) });

/** GET /api/radio_station/{id}/now-playing: the station's last ICY title. */
export const NowPlayingSchema = z.object({ title: z.string().nullable() });
