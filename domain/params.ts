import { z } from 'zod';

/** A positive integer id in a path or query, named in its messages. */
export const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be a positive number` })
    .max(2 ** 31 - 1, { error: `${name} is too large` });

/** `/{id}` paths. */
export const IdParams = z.object({ id: positiveId('id') });

/** The answer of a call that only acknowledges. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/**
 * A JSON body the caller may leave out: a missing (or null) body reads as `{}`, so the schema's
 * defaults apply. Fastify hands a missing body to the validator as null. The OpenAPI document
 * shows the inner schema (zod documents a preprocess by what it feeds).
 */
export const bodyOrEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => body ?? {}, schema);

/** A 204 answer: no body (the OpenAPI document shows no content). */
export const NoContentSchema = z.null().describe('No content');
