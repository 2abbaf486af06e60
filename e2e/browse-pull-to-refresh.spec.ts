import { expect, test, type CDPSession, type Page } from './support/csp-guard';
import { signIn } from './support/sign-in';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const touch = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: y === undefined ? [] : [{ x: 200, y }],
  });

const indicator = (page: Page) => page.locator('[data-pull-state]');

test('pull-to-refresh on browse: pull, pulled past 20 px, at most 140 px, then refreshing', async ({
  page,
}) => {
  await signIn(page);
  await page
    .getByRole('button', { name: /toggle navigation|menu/i })
    .first()
    .click();
  await page.getByRole('link', { name: 'Browse', exact: true }).first().click();
  await expect(page.getByTestId('collection-card').first()).toBeVisible();
  const cdp = await page.context().newCDPSession(page);

  await touch(cdp, 'touchStart', 300);
  // Chromium holds back moves inside its ~15 px touch slop.
  await touch(cdp, 'touchMove', 318);
  await expect(indicator(page)).toHaveAttribute('data-pull-state', 'pull');
  await touch(cdp, 'touchMove', 322);
  await expect(indicator(page)).toHaveAttribute('data-pull-state', 'pulled');
  await touch(cdp, 'touchMove', 700);
  await expect
    .poll(async () => (await indicator(page).boundingBox())?.height ?? 0)
    .toBeCloseTo(140, 0);

  const searched = page.waitForRequest(
    (r) => r.url().endsWith('/api/audio_collection/search') && r.method() === 'POST',
  );
  await touch(cdp, 'touchEnd');
  await expect(indicator(page)).toHaveAttribute('data-pull-state', 'refreshing');
  await searched;
  await expect(indicator(page)).toHaveCount(0);
  await expect(page.getByTestId('collection-card').first()).toBeVisible();

  // A short pull is let go without a refresh.
  await touch(cdp, 'touchStart', 300);
  await touch(cdp, 'touchMove', 318);
  await expect(indicator(page)).toHaveAttribute('data-pull-state', 'pull');
  await touch(cdp, 'touchEnd');
  await expect(indicator(page)).toHaveCount(0);
});
