/**
 * The years the stats pages may ask for (issue 48), without zod: the /year/{year} route checks
 * its parameter with them while the router is built, in the first load.
 */
export const FIRST_STATS_YEAR = 2000;
export const LAST_STATS_YEAR = 2100;

/** The year as of now in UTC: the stats pages' default. */
export const currentYear = (now = new Date()): number => now.getUTCFullYear();
