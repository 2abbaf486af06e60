import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './manifest.config';
import { chakraStaticGlobalCss } from './scripts/vite-chakra-global-css';
import { chakraPrebuiltTokens } from './scripts/vite-chakra-token-dictionary';
import { LAZY_SCHEMA_NAME, lazySchemas } from './scripts/vite-lazy-schemas';
import { offlineSafeRoutes } from './scripts/vite-offline-safe-routes';
import { precompressBuild } from './scripts/vite-precompress';

const serverUrl = process.env.VITE_SERVER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders only start prefetches, so they travel with their component in one chunk instead
      // of pulling every screen's query code into the first load.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
    }),
    offlineSafeRoutes(fileURLToPath(new URL('./src/app/lazy-route-component.ts', import.meta.url))),
    react(),
    lazySchemas(fileURLToPath(new URL('./src/lib/lazy-schema.ts', import.meta.url))),
    chakraStaticGlobalCss(),
    chakraPrebuiltTokens(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The password meter's dictionaries (~200 KB compressed) serve only the register page,
        // which needs the network anyway: not downloaded by every installed app.
        globIgnores: ['screenshots/**', 'assets/password-strength-meter-*.js'],
      },
      devOptions: { enabled: false },
    }),
    precompressBuild(),
  ],
  resolve: {
    alias: [
      // TanStack's store asks for the shim of useSyncExternalStore, for React before 18; React 19
      // has the hook, and the package's own non-shim build of the selector uses it directly.
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    proxy: {
      '/api': serverUrl,
      '/downloader': serverUrl,
      '/image': serverUrl,
    },
  },
  build: {
    target: 'es2022',
    // No <link rel=modulepreload> per chunk under each dynamic import: inserting them cost the
    // main thread 1 to 6 ms each, 70 ms for a collection page's 76 chunks on a fast desktop, and
    // Lighthouse's mobile score of that page rose from 0.77-0.97 to 0.94-0.96 without them
    // (docs/decisions/0039). Lazy parts that miss the network wait for it (load-when-online).
    modulePreload: false,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen imports statically goes in one chunk: split into the
          // ~35 shared pieces rolldown makes by default, it compressed 12 KB worse (each file
          // is compressed alone) and cost one request each.
          groups: [{ name: 'app', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
      treeshake: {
        // Chakra's theme module builds its unused default config (all ~80 recipes, ~45 KB
        // brotli) with these identity helpers; marked pure, the unused result is dropped.
        // Every top-level schema is wrapped in the pure `lazySchema` (scripts/vite-lazy-schemas),
        // so an unused wire schema, and with it zod, stays off the first load (decision 0059).
        // `z` itself is not listed any more: the list matches names in every module, and a
        // minified library's own function `z` lost its calls (Preact's did, in an experiment);
        // without it the build is byte for byte the same size.
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', LAZY_SCHEMA_NAME],
      },
    },
  },
});
