import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/** What a plugin hook may call on `this` in these tests: only `error`, which throws. */
export const pluginContext = {
  error(message: string): never {
    throw new Error(message);
  },
};

/** A plugin's hook as a plain function, to call with `pluginContext` as `this`. */
export const hookOf = (plugin: Plugin, name: 'resolveId' | 'load' | 'transform') =>
  plugin[name] as unknown as Hook;

/** The path of one of Chakra's styled-system modules, as Vite hands it to `transform`. */
export const chakraModule = (name: string) =>
  fileURLToPath(
    new URL(`../../node_modules/@chakra-ui/react/dist/esm/styled-system/${name}`, import.meta.url),
  );
