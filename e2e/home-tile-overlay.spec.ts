import { expect, test } from './support/csp-guard';
import { signIn } from './support/sign-in';

test.describe('home cover tiles', () => {
  test('the play overlay appears on hover and plays the collection by mouse', async ({ page }) => {
    await signIn(page, undefined, undefined, { worker: false });
    const tile = page.getByTestId('collection-tile').first();
    const name = (await tile.getByTestId('tile-link').locator('p').first().innerText()).trim();
    const play = tile.getByRole('button', { name: `Play ${name}` });
    await expect(play).toHaveCSS('opacity', '0');
    await tile.hover();
    await expect(play).toHaveCSS('opacity', '1');
    await play.click();
    await expect(page.getByTestId('player-bar')).toBeVisible();
  });

  test('Tab reaches the overlay (shown while focused) and the tile menu', async ({ page }) => {
    await signIn(page, undefined, undefined, { worker: false });
    const tile = page.getByTestId('collection-tile').first();
    const name = (await tile.getByTestId('tile-link').locator('p').first().innerText()).trim();
    await tile.getByTestId('tile-link').focus();
    await page.keyboard.press('Tab');
    const play = tile.getByRole('button', { name: `Play ${name}` });
    await expect(play).toBeFocused();
    await expect(play).toHaveCSS('opacity', '1');

    await page.keyboard.press('Tab');
    const menu = tile.getByRole('button', { name: `More actions for ${name}` });
    await expect(menu).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible();
    await page.keyboard.press('Escape');

    await play.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('player-bar')).toBeVisible();
  });
});
