/**
 * Zod compiles each object schema into a function with `new Function` on its first parse. The
 * client parses each answer once or a few times, so compiling costs more main-thread time on
 * the first screens than it saves (issue 9). Zod reads this global when it first loads (it is
 * not in the first load), so setting it here, before any schema module runs, is enough; a
 * config call would need zod itself on the first load.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
