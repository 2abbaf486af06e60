import { expect, test } from './support/csp-guard';
import { ApiSession, uniqueName, collectionId } from './support/api';
import { signIn } from './support/sign-in';
import { chooseMenuItem } from './support/menu';

test.describe('playlists and likes', () => {
  test('create a playlist, add a track, then remove it', async ({ page }) => {
    const title = uniqueName('Road trip ');
    const id = await collectionId('Tidal');
    await signIn(page);

    await page.goto('/playlists');
    await page.getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog', { name: 'New playlist' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('For the drive');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('playlist-card').filter({ hasText: title })).toBeVisible();

    await page.goto(`/collection/${id}`);
    const row = page.getByTestId('file-row').first();
    const track = (await row.locator('p').first().textContent()) ?? '';
    await row.getByRole('button', { name: `Add ${track} to a playlist` }).click();
    const add = page.getByRole('dialog', { name: 'Add to playlist' });
    // The liked playlist is never offered here.
    await expect(add.getByRole('button', { name: /^Add to Liked$/ })).toHaveCount(0);
    await add.getByRole('button', { name: `Add to ${title}` }).click();
    await expect(page.getByText('Added to playlist')).toBeVisible();

    await page.goto('/playlists');
    await page.getByTestId('playlist-card').filter({ hasText: title }).click();
    await expect(page).toHaveURL(/\/playlist\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('playlist-track')).toHaveCount(1);
    await expect(page.getByTestId('playlist-track')).toContainText(track);
    await page.getByRole('button', { name: `Remove ${track} from the playlist` }).click();
    await expect(page.getByText('This playlist has no tracks yet.')).toBeVisible();

    // Edit, then delete.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit playlist' });
    await edit.getByLabel('Title').fill(`${title} v2`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} v2` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete playlist' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete playlist' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
    await expect(page.getByTestId('playlist-card').filter({ hasText: title })).toHaveCount(0);
  });

  test('the add dialog creates a new playlist on the spot', async ({ page }) => {
    const title = uniqueName('Fresh ');
    const id = await collectionId('Tidal');
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const row = page.getByTestId('file-row').nth(1);
    const track = (await row.locator('p').first().textContent()) ?? '';
    await row.getByRole('button', { name: `Add ${track} to a playlist` }).click();
    await page.getByRole('button', { name: 'Create new playlist' }).click();
    const form = page.getByRole('dialog', { name: 'New playlist' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Create' }).click();
    const add = page.getByRole('dialog', { name: 'Add to playlist' });
    await add.getByRole('button', { name: `Add to ${title}` }).click();
    await expect(page.getByText('Added to playlist')).toBeVisible();
  });

  test('liking adds to the liked playlist and unliking removes it', async ({ page }) => {
    const id = await collectionId('Paper Boats');
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const row = page.getByTestId('file-row').first();
    const track = (await row.locator('p').first().textContent()) ?? '';
    await row.getByRole('button', { name: `Like ${track}` }).click();
    await expect(row.getByRole('button', { name: `Unlike ${track}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/playlists');
    await page.getByTestId('playlist-card').filter({ hasText: 'Liked tracks' }).click();
    await expect(page.getByTestId('playlist-track').filter({ hasText: track })).toHaveCount(1);
    // The liked playlist cannot be edited or deleted.
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete playlist' })).toHaveCount(0);
    const likedUrl = page.url();

    await page.goto(`/collection/${id}`);
    await page
      .getByTestId('file-row')
      .first()
      .getByRole('button', { name: `Unlike ${track}` })
      .click();
    await expect(
      page
        .getByTestId('file-row')
        .first()
        .getByRole('button', { name: `Like ${track}` }),
    ).toBeVisible();
    await page.goto(likedUrl);
    await expect(page.getByTestId('playlist-track').filter({ hasText: track })).toHaveCount(0);
  });

  test('the home tile menu (64 px) adds a whole collection to a playlist', async ({ page }) => {
    const title = uniqueName('From home ');
    const api = await ApiSession.signIn();
    await api.call('PUT', '/api/playlist', { title, description: '' });
    await api.dispose();
    await signIn(page);
    const menuButton = page.getByTestId('tile-menu-button').first();
    await expect(menuButton).toBeVisible();
    expect((await menuButton.boundingBox())?.width).toBe(64);
    await menuButton.click();
    await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible();
    await chooseMenuItem(page, 'Add to playlist');
    const add = page.getByRole('dialog', { name: 'Add to playlist' });
    await add.getByRole('button', { name: `Add to ${title}` }).click();
    await expect(page.getByText('Added to playlist')).toBeVisible();
    await page.goto('/playlists');
    await expect(page.getByTestId('playlist-card').filter({ hasText: title })).not.toContainText(
      '0 tracks',
    );
  });
});
