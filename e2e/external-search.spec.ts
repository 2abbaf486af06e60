import { expect, test } from './support/csp-guard';
import { signIn } from './support/sign-in';

// global-setup points EXTERNAL_SEARCH_URL at a fake catalogue of 30 tracks "Track 1".."Track 30".
test.describe('External search on /browse', () => {
  test('searches the external catalogue, loads more, queues a track and shows its failure', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByLabel('Search', { exact: true }).fill('track');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/browse\?query=track$/);

    const firstPage = page.waitForRequest((r) => r.url().includes('/api/external/search'));
    await page.getByRole('button', { name: 'Search external' }).click();
    const url = new URL((await firstPage).url());
    expect(url.searchParams.get('q')).toBe('track');
    expect(url.searchParams.get('index')).toBe('0');
    await expect(page).toHaveURL(/external=1/);

    const results = page.getByTestId('external-results');
    const rows = results.getByTestId('external-track');
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText('Track 1');
    await expect(rows.first()).toContainText('Artist 1');
    await expect(rows.first()).toContainText('3:01');

    const more = page.waitForRequest((r) => r.url().includes('/api/external/search'));
    await results.getByRole('button', { name: 'Load more external results' }).click();
    expect(new URL((await more).url()).searchParams.get('index')).toBe('25');
    await expect(rows).toHaveCount(30);
    await expect(results.getByRole('button', { name: 'Load more external results' })).toHaveCount(
      0,
    );

    // The preview button hands the track to the player (covered by the player's own tests).
    await rows.first().getByRole('button', { name: 'Play preview of Track 1' }).click();

    const queued = page.waitForResponse((r) => r.url().includes('/downloader/request/'));
    await rows.first().getByRole('button', { name: 'Queue for download' }).click();
    const answer = await queued;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      platform: 'deezer',
      url: 'https://www.deezer.com/track/1001',
    });
    expect(await answer.json()).toEqual({ downloadId: expect.stringMatching(/^\d+$/) });
    await expect(page.getByText('Externally queued')).toBeVisible();
    // No deezer downloader is installed: the status turns to error and polling stops.
    await expect(page.getByText('The download could not be completed')).toBeVisible();
  });

  test('opening /browse?query=…&external=1 runs the external search', async ({ page }) => {
    await signIn(page);
    await page.goto('/browse?query=Track%2030&external=1');
    await expect(page.getByTestId('external-track')).toHaveCount(1);
  });
});
