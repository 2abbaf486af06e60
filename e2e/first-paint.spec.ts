import { expect, test } from './support/csp-guard';

test.describe('the first paint', () => {
  test('index.html paints the boot screen before any script has arrived', async ({ page }) => {
    // Hold every script back: what shows now comes from the HTML alone.
    await page.route('**/assets/**', () => undefined);
    await page.goto('/login', { waitUntil: 'commit' });
    const boot = page.locator('#boot');
    await expect(boot).toBeVisible();
    await expect(boot).toContainText('Musicbox');
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('paint').map((entry) => entry.name)),
      )
      .toContain('first-contentful-paint');
  });

  test('the boot screen goes once the first page has rendered', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
  });
});
