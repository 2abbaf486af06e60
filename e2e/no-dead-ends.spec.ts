import { expect, test, type BrowserContext, type Page, type Route } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { countMails, waitForLink } from './support/mail-box';
import { signIn } from './support/sign-in';

const CONFIRM_LINK = /https?:\/\/\S+\/user\/confirm_email\?code=[\w-]+/;

test('an unconfirmed user sees why Browse bounces and can resend a real confirmation mail', async ({
  page,
}) => {
  const user = await registerUser('unconf');
  const address = `${user.username}@example.test`;
  await signIn(page, user.username, user.password, { worker: false });
  const banner = page.getByTestId('confirm-email-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(address);

  // The spec's bounce stays; the banner is still there to explain it afterwards.
  await page.getByTestId('app-drawer').getByRole('link', { name: 'Browse', exact: true }).click();
  await expect(page.getByText('You need to confirm your email first!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner).toBeVisible();

  await expect.poll(() => countMails(address)).toBe(1);
  await banner.getByRole('button', { name: 'Resend the confirmation e-mail' }).click();
  await expect(banner.getByRole('status')).toContainText('Sent');
  await expect.poll(() => countMails(address)).toBe(2);

  await page.goto(await waitForLink(address, CONFIRM_LINK));
  await expect(page.getByText(/email has been confirmed/i)).toBeVisible();
  await expect(page.getByTestId('confirm-email-banner')).toHaveCount(0);
});

/** Signs in without a service worker, lets the app's code finish arriving, then goes offline. */
async function offlineOnceLoaded(page: Page, context: BrowserContext): Promise<void> {
  await signIn(page, undefined, undefined, { worker: false });
  // A fresh load of home, then the app's own "settled" mark (its route code and data are in,
  // main.tsx), then a quiet network for the lazily loaded header menu. networkidle alone fired
  // between the sign-in's navigation and the home route's code on a loaded CI machine.
  await page.goto('/');
  await page.waitForFunction(
    () => performance.getEntriesByName('musicbox:page-settled').length > 0,
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
}

test.describe('offline banner', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('takes its own row: the menu, theme and account buttons stay clickable', async ({
    page,
    context,
  }) => {
    // This is about the banner's place in a loaded app; losing the network while the code is
    // still arriving is the next describe's case.
    await offlineOnceLoaded(page, context);
    try {
      const indicator = page.getByTestId('offline-indicator');
      await expect(indicator).toBeVisible();
      const header = page.getByRole('banner');
      const bannerBox = await indicator.boundingBox();
      const headerBox = await header.boundingBox();
      expect(bannerBox && headerBox && bannerBox.y + bannerBox.height <= headerBox.y + 0.5).toBe(
        true,
      );

      await page.getByRole('button', { name: 'Toggle menu' }).click();
      const drawer = page.getByTestId('app-drawer');
      await expect(drawer).toBeVisible();
      // The drawer starts below the banner and the header, not under them.
      const drawerBox = await drawer.boundingBox();
      expect(headerBox && drawerBox && drawerBox.y >= headerBox.y + headerBox.height - 0.5).toBe(
        true,
      );
      await page.keyboard.press('Escape');

      const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      const before = await dark();
      await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      await expect.poll(dark).toBe(!before);
      await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      await expect.poll(dark).toBe(before);

      await page.getByRole('button', { name: /account/i }).click();
      await expect(page.getByRole('menuitem', { name: /logout/i })).toBeVisible();
      await page.keyboard.press('Escape');
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('losing the network while the code is still arriving (no service worker yet)', () => {
  test('a page whose code never came shows an offline notice in the shell and opens when the network returns', async ({
    page,
    context,
  }) => {
    await offlineOnceLoaded(page, context);
    try {
      // Browse's code is not loaded yet: offline, TanStack's reload would land on the
      // browser's own "no internet" page.
      await page
        .getByTestId('app-drawer')
        .getByRole('link', { name: 'Browse', exact: true })
        .click();
      const notice = page.getByRole('alert').filter({ hasText: 'This page could not load' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('You are offline');
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByTestId('offline-indicator')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
    await expect(page.getByText('This page could not load')).toHaveCount(0);
  });

  test('the account menu whose code failed offline keeps its button and opens once online', async ({
    page,
    context,
  }) => {
    const held: Route[] = [];
    await page.route(/\/assets\/account-menu-[\w-]+\.js$/, (route) => {
      held.push(route);
    });
    await signIn(page, undefined, undefined, { worker: false });
    await expect.poll(() => held.length).toBe(1);
    await context.setOffline(true);
    try {
      await held[0]!.abort('internetdisconnected');
      await page.unroute(/\/assets\/account-menu-[\w-]+\.js$/);
      // Before the fix the failed chunk reached the root's error boundary: no shell at all.
      await page.getByRole('button', { name: /account/i }).click();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByTestId('offline-indicator')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    // The click made while the code was missing opens the menu when it arrives.
    await expect(page.getByRole('menuitem', { name: /logout/i })).toBeVisible();
  });
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('offline, a collection never opened online says so and links to what is saved', async ({
    page,
    context,
  }) => {
    const api = await ApiSession.signIn();
    const found = await api
      .call<{ data: Array<{ collectionId: number }> }>('POST', '/api/audio_collection/search', {
        query: '',
      })
      .finally(() => api.dispose());
    const id = found.data.at(-1)?.collectionId ?? 1;
    // Opening an address offline needs the worker that serves the shell.
    await signIn(page, undefined, undefined, { worker: true });
    await context.setOffline(true);
    try {
      await page.goto(`/audio-collection/${id}`);
      const notice = page.getByTestId('collection-offline');
      await expect(notice).toContainText('not available offline');
      await notice.getByRole('link', { name: 'See what is saved offline' }).click();
      await expect(page).toHaveURL(/\/offline$/);
    } finally {
      await context.setOffline(false);
    }
  });
});
