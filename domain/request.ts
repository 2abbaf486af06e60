import { z } from 'zod';
import { CalendarDateSchema } from './date-schema';
import { UserSchema } from './user';

/** Spec part 2, "Requests": page sizes of the list; 0 stands for "all". */
export const REQUEST_PAGE_SIZES = [5, 7, 10, 15, 20, 25, 50, 0] as const;
export const REQUEST_PAGE_DEFAULT = 50;
/** The most rows one GET /api/request answers, also what "all" asks for. */
export const REQUEST_PAGE_MAX = 1000;

export const REQUEST_TEXT_MAX = 200;
export const REQUEST_DESCRIPTION_MAX = 5000;
export const REQUEST_BPM_MAX = 999;
/** A day: longer than any release anyone requests, short enough to catch typos. */
export const REQUEST_DURATION_MAX = 24 * 60 * 60;

export const RequestSchema = z.object({
  requestId: z.number().int(),
  requestName: z.string(),
  requestArtist: z.string(),
  requestGenre: z.string().nullable(),
  requestKey: z.string().nullable(),
  requestBpm: z.number().nullable(),
  requestLabel: z.string().nullable(),
  /** Seconds. */
  requestDuration: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  requestReleaseDate: z.string().nullable(),
  requestDescription: z.string().nullable(),
  requestCreated: z.string(),
  /** Set when filled. */
  requestCollectionId: z.number().int().nullable(),
  /** null once the author's account is deleted. */
  userId: z.number().int().nullable(),
  commentGroupId: z.number().int(),
});
export type Request = z.infer<typeof RequestSchema>;

/** A row of the list also names its author ("Deleted user" when the account is gone). */
export const RequestListItemSchema = RequestSchema.extend({ userName: z.string() });
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

export const RequestPageSchema = z.object({
  total: z.number().int(),
  items: z.array(RequestListItemSchema),
});
export type RequestPage = z.infer<typeof RequestPageSchema>;

/** GET /api/request/{id}: the request, its author and who filled it (null when unknown). */
export const RequestDetailSchema = z.object({
  request: RequestSchema,
  user: UserSchema.nullable(),
  filledBy: UserSchema.nullable(),
});
export type RequestDetail = z.infer<typeof RequestDetailSchema>;

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` });
const required = (name: string) => text(name, REQUEST_TEXT_MAX).min(1, `${name} is required`);
// Empty optional text is stored as "not given", the same as leaving the key out.
const optionalText = (name: string, max = REQUEST_TEXT_MAX) =>
  text(name, max)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * PUT /api/request and POST /api/request/{id}. An edit sends the whole form: a field left out
 * is cleared (spec part 2, section 5: empty duration, BPM or date are sent as absent).
 */
export const RequestInputSchema = z.object({
  requestName: required('requestName'),
  requestArtist: required('requestArtist'),
  requestGenre: optionalText('requestGenre'),
  requestKey: optionalText('requestKey', 20),
  requestBpm: z
    .number({ error: 'requestBpm must be a number' })
    .positive({ error: 'requestBpm must be a positive number' })
    .max(REQUEST_BPM_MAX, { error: `requestBpm must be at most ${REQUEST_BPM_MAX}` })
    .nullish()
    .transform((value) => value ?? null),
  requestLabel: optionalText('requestLabel'),
  requestDuration: z
    .number({ error: 'requestDuration must be a number of seconds' })
    .int({ error: 'requestDuration must be a whole number of seconds' })
    .positive({ error: 'requestDuration must be a positive number of seconds' })
    .max(REQUEST_DURATION_MAX, { error: 'requestDuration must be at most a day' })
    .nullish()
    .transform((value) => value ?? null),
  requestReleaseDate: CalendarDateSchema.nullish().transform((value) => value ?? null),
  requestDescription: optionalText('requestDescription', REQUEST_DESCRIPTION_MAX),
});
export type RequestInput = z.input<typeof RequestInputSchema>;
export type RequestValues = z.output<typeof RequestInputSchema>;

/** PUT /api/request/{id} */
export const RequestFillSchema = z.object({
  collectionId: z
    .number({ error: 'collectionId must be a number' })
    .int({ error: 'collectionId must be a whole number' })
    .positive({ error: 'collectionId must be a positive number' }),
});

/** GET /api/request */
export const RequestListQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be 0 or more' })
    .default(0),
  count: z.coerce
    .number({ error: 'count must be a number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be at least 1' })
    .max(REQUEST_PAGE_MAX, { error: `count must be at most ${REQUEST_PAGE_MAX}` })
    .default(REQUEST_PAGE_DEFAULT),
  userId: z.coerce
    .number({ error: 'userId must be a number' })
    .int({ error: 'userId must be a whole number' })
    .positive({ error: 'userId must be a positive number' })
    .optional(),
});

/** GET /api/request as the server reads it: offset and count defaulted. */
export type RequestListQuery = z.output<typeof RequestListQuerySchema>;
