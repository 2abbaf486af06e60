import { expect, test } from './support/csp-guard';
import { collectionId, uniqueName } from './support/api';
import { signIn } from './support/sign-in';

// Requests made by the service worker bypass page.route, so these tests run without one.
test.use({ serviceWorkers: 'block' });

const fail = (error: string) => ({
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ error }),
});

const signInAsAdmin = (page: Parameters<typeof signIn>[0]) =>
  signIn(page, undefined, undefined, { worker: false });

test.describe('failures that a screen swallows (spec part 1, section 8)', () => {
  test('a failed search stops the spinner, says so in place and can be retried', async ({
    page,
  }) => {
    await page.route('**/api/audio_collection/search', (route) =>
      route.fulfill(fail('search is down')),
    );
    await signInAsAdmin(page);
    await page.goto('/browse');
    const error = page.getByTestId('browse-error');
    await expect(error).toContainText('The search could not be run right now.');
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await page.unroute('**/api/audio_collection/search');
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('main').getByText('Harbour Lights').first()).toBeVisible();
    await expect(error).toHaveCount(0);
  });

  test('a failed playlist list stops the spinner with the error, and the page stays usable', async ({
    page,
  }) => {
    await page.route('**/api/playlist', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill(fail('playlists are down'))
        : route.continue(),
    );
    await signInAsAdmin(page);
    await page.goto('/playlists');
    await expect(page.getByRole('alert').filter({ hasText: 'playlists are down' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading playlists' })).toHaveCount(0);
    await page.getByRole('button', { name: 'New playlist' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeEditable();
  });

  test('a failed comment leaves the form usable with the text kept', async ({ page }) => {
    const id = await collectionId('Harbour Lights');
    await page.route('**/api/comments', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill(fail('comments are down'))
        : route.continue(),
    );
    await signInAsAdmin(page);
    await page.goto(`/collection/${id}`);
    const text = `Not saved ${uniqueName('c')}`;
    const field = page.getByPlaceholder('Write a comment').first();
    await field.fill(text);
    const post = page.getByRole('button', { name: 'Post', exact: true }).first();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/comments') && r.request().method() === 'POST',
    );
    await post.click();
    expect((await answer).status()).toBe(500);
    await expect(post).toBeEnabled();
    await expect(field).toHaveValue(text);
    await expect(page.getByTestId('comment-list').getByText(text)).toHaveCount(0);
  });

  test('a failed external search shows a red notice with the error text', async ({ page }) => {
    await page.route('**/api/external/search?*', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The external catalogue did not answer' }),
      }),
    );
    await signInAsAdmin(page);
    await page.goto('/browse?query=track&external=1');
    const notice = page.getByRole('status').filter({ hasText: 'The external search failed' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('The external catalogue did not answer');
    await expect(page.getByTestId('external-results').getByRole('alert')).toBeVisible();
  });
});
