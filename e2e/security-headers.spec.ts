import type { Track } from '../domain/track';
import { expect, test } from './support/csp-guard';
import {
  audioState,
  demoCollection,
  expectPlaying,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';

const baseUrl = (): string => process.env.E2E_BASE_URL ?? '';

test.describe('what the browser is told (issue 31 §4)', () => {
  test('pages, API, worker and media answers carry the policies', async ({ page }) => {
    const shell = await page.goto('/login');
    const headers = shell?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const { tracks } = await demoCollection(1);
    const track = tracks[0] as Track;
    await signInAsAdmin(page);
    for (const path of ['/api/settings/public', '/service-worker.js', track.url]) {
      const answer = await page.request.get(path, { headers: { range: 'bytes=0-1' } });
      expect(answer.ok(), path).toBe(true);
      expect(answer.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers()['content-security-policy'], path).toBe("frame-ancestors 'self'");
    }
  });

  test('the inline theme script runs under the policy before any module arrives', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('darkTheme', 'false'));
    // Hold every script file back: only the page's own inline script can set the class.
    await page.route('**/assets/**', () => undefined);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveClass('light');
  });

  test('the signed-in app, its worker and the player run with no violation', async ({ page }) => {
    const { tracks } = await demoCollection(2);
    await signInAsAdmin(page);
    await seedQueue(page, tracks.slice(0, 2), 0);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    expect((await audioState(page)).paused).toBe(false);
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  });

  test('a script injected into the page does not run, and is reported', async ({ browser }) => {
    // A context of its own: the refusal it provokes is the point, not a violation of ours.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; directive: string }>((resolve) => {
          const w = window as unknown as { __injected?: boolean };
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve({ ran: w.__injected === true, directive: event.effectiveDirective }),
          );
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true;';
          document.head.appendChild(script);
        }),
    );
    expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
    await context.close();
  });

  test('another site cannot frame the app', async ({ browser }) => {
    // A context of its own: the refusal it provokes is the point, not a violation of ours.
    const context = await browser.newContext();
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
    });
    // localhost and 127.0.0.1 are different sites to the browser.
    const other = baseUrl().replace('127.0.0.1', 'localhost');
    await page.goto(`${other}/api/settings/public`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.appendChild(frame);
    }, `${baseUrl()}/login`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    await expect(framed?.locator('input') ?? page.locator('none')).toHaveCount(0);
    await context.close();
  });
});
