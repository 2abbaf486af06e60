import { z } from 'zod';

export const RoleSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  /** Bytes per second; null means unthrottled. Shown to people in kbps (value / 1000). */
  roleSpeedLimit: z.number().int().nonnegative().nullable(),
  /** null means unlimited downloads. */
  roleDownloadLimit: z.number().int().nonnegative().nullable(),
  roleRequestLimit: z.number().int().nonnegative().nullable(),
  roleCanUpload: z.boolean(),
  /**
   * Bytes of user uploads (/user-upload) an account may keep at once; null means unlimited.
   * Shown to people in MB (value / 1e6).
   */
  roleUploadLimit: z.number().int().nonnegative().nullable(),
  roleTranscode: z.boolean(),
  roleVip: z.boolean(),
  roleDownloadPaid: z.boolean(),
  roleEnableBrowse: z.boolean(),
  roleEnableRequests: z.boolean(),
  roleEnableStore: z.boolean(),
  /** Subscribe to and play podcasts (issue 49). */
  rolePodcasts: z.boolean().default(true),
  roleBlacklistedTags: z.array(z.string()),
  /**
   * The libraries (domain/libraries.ts) this role's members see; null means every library,
   * including ones added later. Administrators see every library whatever their role says.
   */
  roleLibraries: z.array(z.number().int().positive()).max(1000).nullable(),
});
export type Role = z.infer<typeof RoleSchema>;

/** Body of PUT /api/role and POST /api/role/{id}. */
export const RoleInputSchema = RoleSchema.omit({ roleId: true })
  .partial()
  .extend({
    roleName: z.string().trim().min(1).max(64).optional(),
  });
export type RoleInput = z.infer<typeof RoleInputSchema>;

/** GET /api/role as an administrator sees it: each role with how many accounts hold it. */
export const AdminRoleSchema = RoleSchema.extend({
  roleUserCount: z.number().int().nonnegative().optional(),
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/** DELETE /api/role/{id}: the accounts that held the role now hold the default role. */
export const RoleDeletedSchema = z.object({
  ok: z.literal(true),
  movedUsers: z.number().int().nonnegative(),
});
export type RoleDeleted = z.infer<typeof RoleDeletedSchema>;

/** Body of PUT /api/role: a new role needs its name. */
export const NewRoleInputSchema = RoleInputSchema.extend({
  roleName: z.string().trim().min(1).max(64),
});
export type NewRoleInput = z.infer<typeof NewRoleInputSchema>;

/** GET /api/role: administrators also get each role's roleUserCount. */
export const RoleListSchema = z.array(AdminRoleSchema);
