import { expect, test } from './support/csp-guard';
import { signIn } from './support/sign-in';

test.describe('the signed-in shell', () => {
  test('shows a permanent 200 px drawer from 1024 px with every admin entry', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(page);
    const drawer = page.getByTestId('app-drawer');
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(200);
    for (const entry of ['Home', 'Browse', 'Requests', 'Playlists', 'Upload', 'Store', 'Support']) {
      await expect(drawer.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    for (const entry of ['Roles', 'Servers', 'Users', 'Settings', 'Comments', 'Transactions']) {
      await expect(drawer.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('turns the drawer into an overlay at 1023 px, opened by the menu button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1023, height: 800 });
    await signIn(page);
    const drawer = page.getByTestId('app-drawer');
    await expect(drawer).toBeHidden();
    // Closed, its links are not rendered at all (every page paid for them on a phone).
    await expect(drawer.locator('a')).toHaveCount(0);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Browse', exact: true })).toBeVisible();
    // Widening the window past 1023 px keeps it, now permanent, once the overlay closes.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(drawer.getByRole('link', { name: 'Browse', exact: true })).toBeVisible();
  });

  test('stores the theme choice as darkTheme, dark by default', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: /toggle dark mode/i }).click();
    await expect(page.locator('html')).toHaveClass(/light/);
    expect(await page.evaluate(() => localStorage.getItem('darkTheme'))).toBe('false');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
  });

  test('the account menu lists role, balance and limits', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /account/i }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Administrator')).toBeVisible();
    await expect(menu.getByText(/0\.00 EUR/)).toBeVisible();
    await expect(menu.getByText(/messages/i)).toBeVisible();
    await expect(menu.getByText(/∞/).first()).toBeVisible();
  });

  test('the footer product name shows the build time', async ({ page }) => {
    await signIn(page);
    // The alert blocks the page, so it is answered from the dialog handler, not after the click.
    let message = '';
    page.once('dialog', (dialog) => {
      message = dialog.message();
      void dialog.dismiss();
    });
    await page
      .getByTestId('app-footer')
      .getByRole('button', { name: /musicbox/i })
      .click();
    await expect.poll(() => message).toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
