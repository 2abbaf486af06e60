import { chromium, expect, test } from './support/csp-guard';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

test.describe('the installable app', () => {
  // The config blocks workers; this spec is about what one does.
  test.use({ serviceWorkers: 'allow' });
  test('serves the worker at /service-worker.js without long-lived caching', async ({
    request,
  }) => {
    const res = await request.get('/service-worker.js');
    expect(res.ok()).toBe(true);
    expect(res.headers()['content-type']).toContain('javascript');
    expect(res.headers()['cache-control']).toBe('no-cache');
  });

  test('activates the service worker at /service-worker.js with scope /', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const worker = reg.active;
      if (worker && worker.state !== 'activated')
        await new Promise((resolve) => worker.addEventListener('statechange', resolve));
      return { scope: reg.scope, script: worker?.scriptURL ?? '', state: worker?.state };
    });
    expect(registration.scope).toBe(`${baseURL}/`);
    expect(registration.script).toBe(`${baseURL}/service-worker.js`);
    expect(registration.state).toBe('activated');
  });

  test('has a complete manifest and no installability errors', async ({ baseURL }) => {
    const dir = await mkdtemp(join(tmpdir(), 'musicbox-pwa-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
        string,
        unknown
      >;
      expect(manifest).toMatchObject({
        id: '/',
        name: 'Musicbox',
        short_name: 'Musicbox',
        start_url: '/',
        scope: '/',
        display: 'standalone',
      });
      const icons = manifest.icons as Array<{ sizes: string; purpose?: string }>;
      expect(icons.some((i) => i.sizes === '192x192')).toBe(true);
      expect(icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBe(true);
      const shots = manifest.screenshots as Array<{ form_factor: string; src: string }>;
      expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
      for (const shot of shots) expect((await page.request.get(shot.src)).ok()).toBe(true);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
