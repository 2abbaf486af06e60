import type { Plugin } from 'vite';

/** The import TanStack's code splitter writes into every route module it splits. */
const TANSTACK_IMPORT = /import \{ lazyRouteComponent \} from ["']@tanstack\/react-router["'];/g;
const OURS = (module: string) => `import { lazyRouteComponent } from ${JSON.stringify(module)};`;

/**
 * Points the split routes' lazyRouteComponent at src/app/lazy-route-component.ts, whose chunk
 * failures offline do not reload the page. Runs after TanStack's plugin; a split route whose
 * import no longer has the expected shape fails the build rather than silently keeping the
 * reload.
 */
export function offlineSafeRoutes(wrapperModule: string): Plugin {
  return {
    name: 'musicbox:offline-safe-routes',
    enforce: 'post',
    transform: {
      filter: { code: 'tsr-split=' },
      handler(code, id) {
        if (!/[\\/]src[\\/]routes[\\/]/.test(id) || id.includes('tsr-split')) return null;
        // Only a route whose component is split imports lazyRouteComponent at all.
        if (!/tsr-split=[\w-]*component/.test(code)) return null;
        const swapped = code.replace(TANSTACK_IMPORT, OURS(wrapperModule));
        if (swapped === code) {
          this.error(`${id}: lazyRouteComponent is no longer imported in the expected form`);
        }
        return { code: swapped, map: null };
      },
    },
  };
}
