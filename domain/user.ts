import { z } from 'zod';
import { RoleSchema } from './role';

export const UserSocialsSchema = z.object({
  instagram: z.string().max(256).optional(),
  youtube: z.string().max(256).optional(),
  facebook: z.string().max(256).optional(),
});

export const USER_GENRES_MAX = 50;
export const USER_GENRE_LENGTH_MAX = 64;

/** Favourite genres; the server also requires each to be one of the settings' audioGenres. */
export const UserExtraSchema = z.object({
  genres: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'a genre may not be empty' })
        .max(USER_GENRE_LENGTH_MAX, {
          error: `a genre is at most ${USER_GENRE_LENGTH_MAX} characters`,
        }),
    )
    .max(USER_GENRES_MAX, { error: `at most ${USER_GENRES_MAX} genres` }),
});

export const UserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  userFullName: z.string().nullable(),
  userAge: z.number().int().nullable(),
  /** 0 to 1; 0.5 is unspecified. */
  userGender: z.number(),
  userCountry: z.string().nullable(),
  userSocials: UserSocialsSchema,
  /*
   * E-mail details, limits and balance are present only for the user themself and
   * administrators (part 2, user profile); others get the profile without them.
   */
  userEmail: z.string().optional(),
  emailConfirmed: z.boolean().optional(),
  emailMarketing: z.boolean().optional(),
  /** null means unlimited (the role has no download limit); absent means not shown. */
  remainingDownloads: z.number().int().nullable().optional(),
  remainingRequests: z.number().int().nullable().optional(),
  remainingInvites: z.number().int().optional(),
  roleId: z.number().int(),
  /** ISO date-time, or null when the role never expires. */
  roleExpiration: z.string().nullable(),
  /** Cents. */
  userBalance: z.number().int().optional(),
  registerTime: z.string(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable().optional(),
  registerIp: z.string().nullable().optional(),
  isBanned: z.boolean(),
  isAdmin: z.boolean(),
  likedPlaylist: z.number().int(),
  userExtra: UserExtraSchema,
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/user, POST /api/login, POST /api/register and GET /api/user/{id} answer this pair. */
export const UserWithRoleSchema = z.object({ user: UserSchema, role: RoleSchema });
export type UserWithRole = z.infer<typeof UserWithRoleSchema>;

/** GET /api/user/dm/unread */
export const UnreadCountSchema = z.object({ count: z.number().int().nonnegative() });

/** POST /api/user/{id}: profile fields anyone may change on their own account. */
export const UserSelfUpdateSchema = z.object({
  userFullName: z.string().trim().max(128, { error: 'userFullName is too long' }).nullable(),
  userAge: z
    .number()
    .int()
    .min(0, { error: 'userAge must be from 0 to 128' })
    .max(128, { error: 'userAge must be from 0 to 128' })
    .nullable(),
  userGender: z
    .number()
    .min(0, { error: 'userGender must be from 0 to 1' })
    .max(1, { error: 'userGender must be from 0 to 1' }),
  userCountry: z.string().trim().max(64).nullable(),
  userSocials: UserSocialsSchema,
  emailMarketing: z.boolean(),
});

/** 10 million in cents: far above any real balance, far below integer overflow. */
export const USER_BALANCE_MAX = 1_000_000_000;

/** Fields of POST /api/user/{id} only administrators may change. */
export const UserAdminUpdateSchema = z.object({
  remainingDownloads: z.number().int().nonnegative().nullable(),
  remainingRequests: z.number().int().nonnegative().nullable(),
  remainingInvites: z.number().int().nonnegative(),
  userEmail: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, { error: 'userEmail must be an e-mail address' }),
  emailConfirmed: z.boolean(),
  roleId: z.number().int(),
  roleExpiration: z.iso.datetime({ offset: true }).nullable(),
  /** Cents; a change is booked in the ledger. */
  userBalance: z
    .number()
    .int({ error: 'userBalance must be whole cents' })
    .min(0, { error: 'userBalance may not be negative' })
    .max(USER_BALANCE_MAX, { error: 'userBalance is too large' }),
  isAdmin: z.boolean(),
});

/** Any subset; other keys (e.g. the whole user sent back) are ignored. */
export const UserUpdateSchema = UserSelfUpdateSchema.partial().extend(
  UserAdminUpdateSchema.partial().shape,
);
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
export const USER_ADMIN_FIELDS = Object.keys(UserAdminUpdateSchema.shape) as Array<
  keyof z.infer<typeof UserAdminUpdateSchema>
>;

/** GET /api/invite */
export const InviteSchema = z.object({ inviteCode: z.string() });

export const USER_SEARCH_SORTS = [
  'userId',
  'userName',
  'registerTime',
  'lastLoginTime',
  'userBalance',
] as const;

/** GET /api/user/search (admin); query-string values arrive as text. */
export const UserSearchQuerySchema = z.object({
  query: z.string().trim().max(254).optional().default(''),
  limit: z.coerce.number().int().min(1).max(100).optional().default(50),
  offset: z.coerce.number().int().min(0).optional().default(0),
  sort: z.enum(USER_SEARCH_SORTS).optional().default('userId'),
  descending: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type UserSearchQuery = z.input<typeof UserSearchQuerySchema>;

export const UserSearchResultSchema = z.object({
  count: z.number().int(),
  users: z.array(UserSchema),
});

/** PUT /api/ban_ip and DELETE /api/ban_ip/{ip}: one IPv4 or IPv6 address, nothing else. */
export const BanIpBodySchema = z.object({
  ip: z
    .string({ error: 'ip is required' })
    .trim()
    .max(64, { error: 'ip must be an IPv4 or IPv6 address' })
    .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'ip must be an IPv4 or IPv6 address' })),
});

/** GET /api/ban_ip/{ip}: whether the address is banned, so the profile offers one action. */
export const IpBanStateSchema = z.object({ ip: z.string(), banned: z.boolean() });
export type IpBanState = z.infer<typeof IpBanStateSchema>;

export type Invite = z.infer<typeof InviteSchema>;
/** GET /api/user/search as the server reads it: every filter defaulted. */
export type UserSearchFilters = z.output<typeof UserSearchQuerySchema>;
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;
export type UserExtra = z.infer<typeof UserExtraSchema>;
