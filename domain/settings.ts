import { z } from 'zod';
import { FREE_JSON_MAX_BYTES, freeJsonObject } from './free-json';

export const REGISTRATION_MODES = ['open', 'closed', 'inviteOnly'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'sellix', 'balance'] as const;

export const SCHEDULES = ['off', 'daily', 'weekly', 'monthly'] as const;
/** How often a scheduled admin task (reset_requests, reset_downloads) runs by itself. */
export const ScheduleSchema = z.enum(SCHEDULES, {
  error: 'a schedule is off, daily, weekly or monthly',
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const RegistrationModeSchema = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof RegistrationModeSchema>;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** The built-in downloader server every install has; other servers are added by admins. */
export const LOCAL_SERVER_ID = 0;

export const PostActionSchema = z.object({
  name: z.string().max(200),
  options: freeJsonObject().optional(),
});

export const SettingsSchema = z.object({
  registrations: RegistrationModeSchema,
  defaultServer: z.number().int().nullable(),
  defaultPost: z.array(PostActionSchema),
  audioGenres: z.array(z.string()),
  collectionTags: z.array(z.string()),
  streamingOnly: z.boolean(),
  multipleAccountsFromSameIp: z.boolean(),
  sendDmEmails: z.boolean(),
  generatedPlaylistsUserId: z.number().int().nullable(),
  randomizedPlaylistsCount: z.number().int().min(0).max(100),
  paymentProviders: z.array(PaymentProviderSchema),
  homepageCollectionTags: z.array(z.string()),
  enableBrowse: z.boolean(),
  enableRequests: z.boolean(),
  enableStore: z.boolean(),
  // Per source: each source's defaults are one bounded object (see free-json.ts).
  downloaderDefaults: z
    .record(z.string().max(100), freeJsonObject())
    .refine((all) => Object.keys(all).length <= 32, { error: 'at most 32 sources' })
    .refine((all) => JSON.stringify(all).length <= 4 * FREE_JSON_MAX_BYTES, {
      error: `larger than ${4 * FREE_JSON_MAX_BYTES} characters as JSON`,
    }),
  /** Cents charged for a transcode unlock. */
  transcodePrice: z.number().int().nonnegative(),
  /** The role new accounts get. Roles are data: this names one by id. */
  defaultRoleId: z.number().int(),
  /** Scheduled bulk resets of remaining requests and downloads (off by default). */
  resetRequestsSchedule: ScheduleSchema,
  resetDownloadsSchedule: ScheduleSchema,
  /** Share links play free collections in full instead of 30 s previews (off by default). */
  shareFullStreams: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** POST /api/settings: any subset; unknown keys are refused. */
export const SettingsUpdateSchema = SettingsSchema.partial().strict();
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

/** GET /api/settings/public: what the client needs before (and after) sign-in. */
export const PublicSettingsSchema = SettingsSchema.pick({
  registrations: true,
  defaultServer: true,
  streamingOnly: true,
  enableBrowse: true,
  enableRequests: true,
  enableStore: true,
  paymentProviders: true,
  transcodePrice: true,
  audioGenres: true,
  collectionTags: true,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
export type PostActionSpec = z.infer<typeof PostActionSchema>;
