import { requireAdmin } from '../../access/caller';
import type { SubsonicCalls, SubsonicContext } from './subsonic-call';

const scanStatus = async ({ deps }: SubsonicContext) => ({
  scanStatus: await deps.services.importJobs.status(),
});

/**
 * The library scan (OpenSubsonic): `getScanStatus` for any signed-in app, `startScan` for an
 * administrator only (error 50 otherwise). A scan asked for while one runs is remembered and
 * run once after it, as the folder watch and the schedule do (decision 0057).
 */
export const scanCalls: SubsonicCalls = {
  getScanStatus: scanStatus,
  async startScan(ctx) {
    requireAdmin(ctx.caller);
    await ctx.deps.services.importJobs.scanNow();
    return scanStatus(ctx);
  },
};
