import { expect, test } from './support/csp-guard';

const PUBLIC_PAGES = [
  '/login',
  '/register',
  '/forgot-password',
  '/contact',
  '/tos',
  '/cookie-policy',
  '/data-processing',
  '/dmca',
  '/privacy-notice',
];

test.describe('visitors without a session', () => {
  test('see the login page at the root, without the login-required error', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please login to access this page!')).toHaveCount(0);
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });

  for (const path of ['/browse', '/store', '/dms', '/playlists', '/admin/settings']) {
    test(`are sent from ${path} to /login with the login-required message`, async ({ page }) => {
      await page.goto(path);
      // The sign-in page remembers where they were going (decision 0044).
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
      await expect(page.getByText('Please login to access this page!')).toBeVisible();
    });
  }

  for (const path of PUBLIC_PAGES) {
    test(`can open ${path} without being redirected`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.getByText('Please login to access this page!')).toHaveCount(0);
    });
  }

  test('legal pages open scrolled to the top', async ({ page }) => {
    await page.goto('/tos');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page
      .getByTestId('app-footer')
      .getByRole('link', { name: /privacy/i })
      .click();
    await expect(page).toHaveURL(/\/privacy-notice$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('see a not-found page for unknown paths', async ({ page }) => {
    await page.goto('/no-such-page-xyz');
    await expect(page.getByText(/page not found/i)).toBeVisible();
  });

  test('the legal pages carry the stated terms', async ({ page }) => {
    await page.goto('/tos');
    await expect(page.getByText(/25%/).first()).toBeVisible();
    await page.goto('/dmca');
    await expect(page.getByText(/10 business days/).first()).toBeVisible();
  });
});
