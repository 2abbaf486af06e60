import { z } from 'zod';

/** An artist as a link: what track and collection answers carry for each credited name. */
export const ArtistRefSchema = z.object({
  artistId: z.number().int(),
  artistName: z.string(),
});
export type ArtistRef = z.infer<typeof ArtistRefSchema>;
