import { authStrings } from './strings/auth';
import { browseStrings } from './strings/browse';
import { shellStrings } from './strings/shell';

/**
 * Every English interface string, kept in one place (src/lib/strings/, one file per area) and
 * reached through these objects.
 */
export const strings = { ...shellStrings, ...authStrings, ...browseStrings } as const;

export { libraryStrings } from './strings/library';
export { storeStrings } from './strings/store';
export { adminStrings } from './strings/admin';
export { serverStrings } from './strings/servers';
