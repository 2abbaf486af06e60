import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineSafeRoutes } from '../../scripts/vite-offline-safe-routes';
import { pluginContext } from './vite-plugin-hooks';

const WRAPPER = fileURLToPath(new URL('../../src/app/lazy-route-component.ts', import.meta.url));
const ROUTE = fileURLToPath(new URL('../../src/routes/browse.tsx', import.meta.url));

type Handler = (this: unknown, code: string, id: string) => { code: string } | null;
const handler = (offlineSafeRoutes(WRAPPER).transform as unknown as { handler: Handler }).handler;

describe('offline-safe routes (vite plugin)', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      logLevel: 'silent',
      server: { middlewareMode: true, hmr: false },
      appType: 'custom',
    });
  });
  afterAll(() => server.close());

  it("points a split route's lazy component at the wrapper after TanStack's splitter ran", async () => {
    const result = await server.transformRequest('/src/routes/browse.tsx');
    const code = result?.code ?? '';
    expect(code).toContain('tsr-split=component');
    expect(code).toContain('/src/app/lazy-route-component.ts');
    expect(code).not.toMatch(/import \{ lazyRouteComponent \} from "\/node_modules/);
  });

  it('fails the build when the import TanStack writes changes shape', () => {
    const changed = `import { lazyRouteComponent as l } from "@tanstack/react-router";\nl(() => import("./x?tsr-split=component"), "component");`;
    expect(() => handler.call(pluginContext, changed, ROUTE)).toThrow(/expected form/);
  });

  it('leaves split chunks and modules outside src/routes alone', () => {
    const code = `import { lazyRouteComponent } from "@tanstack/react-router";\nlazyRouteComponent(a);`;
    expect(handler.call(pluginContext, code, `${ROUTE}?tsr-split=component`)).toBeNull();
    expect(handler.call(pluginContext, code, WRAPPER)).toBeNull();
  });
});
