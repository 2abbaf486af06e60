import { z } from 'zod';

/** Every non-2xx answer of the server has this body. */
export const ErrorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
