import { expect, test } from './support/csp-guard';
import { collectionId, registerUser } from './support/api';
import { signIn } from './support/sign-in';
import { chooseMenuItem } from './support/menu';

/** A fresh account with the default role, registered through the API. */
test.describe('collection page', () => {
  test('rewrites /audio-collection/{id} to /collection/{id}-{slug}', async ({ page }) => {
    const id = await collectionId('Harbour Lights');
    await signIn(page);
    await page.goto(`/audio-collection/${id}`);
    await expect(page).toHaveURL(new RegExp(`/collection/${id}-harbour-lights$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
    await page.goto(`/audio_collection/${id}-any-old-text`);
    await expect(page).toHaveURL(new RegExp(`/collection/${id}-harbour-lights$`));
  });

  test('links facts to browse and shows five recommendations', async ({ page }) => {
    const id = await collectionId('Harbour Lights');
    await signIn(page);
    await page.goto(`/collection/${id}`);
    await expect(page.getByTestId('recommendations').getByRole('link')).toHaveCount(5);
    // The "Artists" fact links to browse (the name under the title opens the artist page).
    await page
      .getByRole('heading', { level: 1 })
      .locator('..')
      .getByText('Artists', { exact: true })
      .locator('..')
      .getByRole('link', { name: 'Mira Vale' })
      .click();
    await expect(page).toHaveURL(/\/browse\?artist=Mira(\+|%20)Vale/);
  });

  test('admin sees counts, sizes, sample rates, non-audio files and the admin section', async ({
    page,
  }) => {
    const id = await collectionId('Glass Coast');
    await signIn(page);
    await page.goto(`/collection/${id}`);
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
    await expect(page.getByText('cover.png').first()).toBeVisible();
    const details = page.getByTestId('file-admin-details').first();
    await expect(details).toContainText(/\d+ downloads · \d+ plays · [\d.]+ (KB|MB) · 44\.1 KHz/);
    await expect(page.getByRole('button', { name: 'Reimport without post' })).toBeVisible();
    // The metadata form opens on request, and the button says so.
    const edit = page.getByRole('button', { name: 'Edit collection' });
    await expect(edit).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('form', { name: 'Edit collection' })).toHaveCount(0);
    await edit.click();
    await expect(edit).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('form', { name: 'Edit collection' })).toBeVisible();
  });

  test('a user does not see the admin sections or non-audio files', async ({ page }) => {
    const id = await collectionId('Glass Coast');
    const user = await registerUser('coll');
    await signIn(page, user.username, user.password);
    await page.goto(`/collection/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Glass Coast' })).toBeVisible();
    await expect(page.getByTestId('file-row')).toHaveCount(5);
    await expect(page.getByText('cover.png')).toHaveCount(0);
    await expect(page.getByTestId('file-admin-details')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Administration:/ })).toHaveCount(0);
    // Priced and not unlocked: the buy button opens the payment chooser.
    await page.getByRole('button', { name: /^Buy for 9\.99 EUR$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Choose a payment method' })).toBeVisible();
  });

  test('the admin tag editor writes a tag that then shows', async ({ page }) => {
    const id = await collectionId('Harbour Lights');
    const value = `e2e note ${Date.now()}`;
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const firstRow = page.getByTestId('file-row').first();
    const title = (await firstRow.locator('p').first().textContent()) ?? '';
    await firstRow.getByRole('button', { name: `Administration: ${title}` }).click();
    await chooseMenuItem(page, `Edit tags of ${title}`);
    const dialog = page.getByRole('dialog', { name: `Tags of ${title}` });
    await expect(dialog.getByTestId('cover-drop-area')).toHaveCSS('width', '200px');
    await dialog.getByLabel('New field name').fill('comment');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('New value for comment').fill(value);
    await dialog.getByRole('button', { name: 'Add value' }).last().click();
    // The same value again is not duplicated.
    await dialog.getByLabel('New value for comment').fill(value);
    await dialog.getByLabel('New value for comment').press('Enter');
    await expect(dialog.getByText(value, { exact: true })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Save tags' }).click();
    await expect(page.getByText('The tags have been written')).toBeVisible();
    await expect(dialog).toBeHidden();

    await firstRow.getByRole('button', { name: `Administration: ${title}` }).click();
    await chooseMenuItem(page, `Edit tags of ${title}`);
    // Not exact: ffmpeg writes a field's values as one text, so a retry, which adds a second
    // comment beside the first try's, reads back "first; second".
    await expect(dialog.getByText(value)).toBeVisible();
  });

  test('a file row menu, started on first use, opens from the keyboard and gives focus back', async ({
    page,
  }) => {
    const id = await collectionId('Harbour Lights');
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const more = page.getByRole('button', { name: /^Administration: / }).first();
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: /^Administration: / }).first()).toBeFocused();
  });
});
