import { expect, type Locator, type Page } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { signIn } from './support/sign-in';
import { test } from './support/throwaway-albums';

const cards = (page: Page) => page.getByTestId('collection-card');
const deleteMode = (page: Page) => page.getByRole('checkbox', { name: 'Delete mode' });

/** Chakra draws its own box over a visually hidden input: people click the label. */
async function toggle(box: Locator, checked: boolean) {
  await box.locator('xpath=ancestor::label[1]').click();
  await expect(box).toBeChecked({ checked });
}

/** The three delete-mode buttons, each showing how many collections are selected. */
async function expectCounts(page: Page, n: number) {
  await expect(page.getByRole('button', { name: `Select all (${n})`, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unselect all (${n})` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete (${n})`, exact: true })).toBeVisible();
}

/** Through the header search box: a reload just after signing in can land on /login. */
async function searchFor(page: Page, query: string) {
  await page.getByLabel('Search', { exact: true }).fill(query);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/browse\\?query=${query}$`));
}

test.describe('Browse delete mode', () => {
  test('a user who is not an admin has no delete-mode switch', async ({ page }) => {
    const user = await registerUser('nodel');
    const admin = await ApiSession.signIn();
    // Browse asks for a confirmed e-mail; the admin confirms it instead of a mailed link.
    await admin
      .call('POST', `/api/user/${user.userId}`, { emailConfirmed: true })
      .finally(() => admin.dispose());
    await signIn(page, user.username, user.password, { worker: false });
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Genre' })).toBeVisible();
    await expect(deleteMode(page)).toHaveCount(0);
    await expect(page.getByText('Delete mode')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);
  });

  test('select all, unselect all and delete show the number selected', async ({ page }) => {
    await signIn(page, undefined, undefined, { worker: false });
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(cards(page).first()).toBeVisible();
    const total = Number(await page.getByTestId('browse-results').getAttribute('data-total'));
    expect(total).toBeGreaterThan(3);

    await expect(page.getByRole('button', { name: /^Select all/ })).toHaveCount(0);
    await toggle(deleteMode(page), true);
    await expectCounts(page, 0);

    const boxes = page.getByRole('checkbox', { name: /^Select / });
    for (let i = 0; i < 3; i += 1) await toggle(boxes.nth(i), true);
    await expectCounts(page, 3);
    await toggle(boxes.nth(1), false);
    await expectCounts(page, 2);

    await page.getByRole('button', { name: 'Select all (2)', exact: true }).click();
    await expectCounts(page, total);
    await expect(boxes.first()).toBeChecked();
    await page.getByRole('button', { name: `Unselect all (${total})` }).click();
    await expectCounts(page, 0);
    await expect(boxes.first()).not.toBeChecked();

    // Leaving delete mode drops the checkboxes (and the selection).
    await toggle(deleteMode(page), false);
    await expect(boxes).toHaveCount(0);
  });
});

test.describe('Browse bulk delete in progress', () => {
  // Requests made by the service worker bypass page.route, which holds the delete call here.
  test.use({ serviceWorkers: 'block' });

  test('shows the in-progress text and the do-not-close warning, then "Done!"', async ({
    page,
    albums,
  }) => {
    const made = await albums.create(
      ['One', 'Two', 'Three'].map((label) => ({
        album: albums.name(label),
        artist: 'Bulk Tester',
      })),
    );

    // The delete call waits until the in-progress view has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let bulkBody: unknown;
    await page.route('**/downloader/collection/bulk', async (route) => {
      bulkBody = route.request().postDataJSON();
      await held;
      await route.continue();
    });

    await signIn(page, undefined, undefined, { worker: false });
    await searchFor(page, albums.word);
    await expect(cards(page)).toHaveCount(3);
    await toggle(deleteMode(page), true);
    await page.getByRole('button', { name: 'Select all (0)', exact: true }).click();
    await expectCounts(page, 3);
    await page.getByRole('button', { name: 'Delete (3)', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

    const progress = dialog.getByRole('status');
    await expect(progress).toContainText('Deleting, please wait... This might take few minutes');
    await expect(progress).toContainText('Do not refresh or close this page while deleting.');
    await expect(dialog.getByRole('button')).toHaveCount(0);
    expect((bulkBody as { ids: number[] }).ids.sort()).toEqual(
      made.map((c) => c.collectionId).sort(),
    );
    // Closing the tab now is questioned by the browser.
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    await expect(dialog.getByText('Done!')).toHaveCount(0);

    release();
    await expect(dialog.getByText('Done!', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Deleting, please wait/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('browse-empty')).toBeVisible();
    expect(await albums.find()).toEqual([]);
  });
});
