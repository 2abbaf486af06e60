/**
 * A schema built on first use. The client build (scripts/vite-lazy-schemas.ts) wraps the wire
 * schemas that modules declare at their top level in this: zod builds each schema object with
 * some work (a 16-field object with its checks costs ~0.2 ms warm, several times that cold), and
 * a page's modules declare far more schemas than the page parses (role.ts's input and list
 * schemas for administrators, say), all built while the page's chunks were evaluated.
 *
 * The proxy stands for the schema in every way the app and zod use one: properties, methods,
 * `in`, `instanceof` (zod answers it from the instance's traits), and its prototype.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The empty target holds none of them: a proxy may not report one as non-configurable.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
