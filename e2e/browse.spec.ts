import { expect, type Page } from './support/csp-guard';
import { test } from './support/throwaway-albums';
import { ApiSession } from './support/api';
import { signIn } from './support/sign-in';

interface Found {
  data: { collectionId: number; collectionName: string; audioGenres: string[] }[];
}

const cards = (page: Page) => page.getByTestId('collection-card');

/** Chakra draws its own box over a visually hidden input: people click the label. */
async function checkBox(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name });
  await page.locator('label', { has: box }).click();
  await expect(box).toBeChecked();
}
const lastSearch = (page: Page) =>
  page.waitForRequest(
    (r) => r.url().endsWith('/api/audio_collection/search') && r.method() === 'POST',
  );

test.describe('Browse (/browse)', () => {
  test('a text search plus a genre and a date filter narrow the results', async ({ page }) => {
    const api = await ApiSession.signIn();
    const all = await api.call<Found>('POST', '/api/audio_collection/search', { query: '' });
    const byText = await api.call<Found>('POST', '/api/audio_collection/search', {
      query: 'Mira',
    });
    const byGenre = await api.call<Found>('POST', '/api/audio_collection/search', {
      query: 'Mira',
      genres: ['Ambient'],
    });
    const byDate = await api.call<Found>('POST', '/api/audio_collection/search', {
      query: 'Mira',
      genres: ['Ambient'],
      dateFrom: '2024-01-01',
    });
    expect(byText.data.length).toBeLessThan(all.data.length);
    expect(byDate.data.length).toBeLessThan(byGenre.data.length);
    await api.dispose();

    await signIn(page);
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(cards(page)).toHaveCount(all.data.length);
    // Fewer than 50 results: no load-more (the rule itself is unit-tested).
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    await page.getByLabel('Search', { exact: true }).fill('Mira');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/browse\?query=Mira$/);
    await expect(cards(page)).toHaveCount(byText.data.length);

    await page.getByRole('button', { name: 'Genre' }).click();
    const genreRequest = lastSearch(page);
    await checkBox(page, 'Ambient');
    expect((await genreRequest).postDataJSON()).toMatchObject({ genres: ['Ambient'] });
    await expect(cards(page)).toHaveCount(byGenre.data.length);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Release date' }).click();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('1900-01-01');
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    const dateRequest = lastSearch(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    expect((await dateRequest).postDataJSON()).toMatchObject({
      query: 'Mira',
      genres: ['Ambient'],
      dateFrom: '2024-01-01',
    });
    await expect(cards(page)).toHaveCount(byDate.data.length);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('the "last 7 days" preset searches from today-7 to today', async ({ page }) => {
    await signIn(page);
    await page.goto('/browse');
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Release date' }).click();
    const request = lastSearch(page);
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const body = (await request).postDataJSON() as { dateFrom: string; dateTo: string };
    const days = (Date.parse(body.dateTo) - Date.parse(body.dateFrom)) / 86_400_000;
    expect(days).toBe(7);
  });

  test('address filters apply and re-apply in place', async ({ page }) => {
    await signIn(page);
    await page.goto('/browse?genre=Jazz');
    await expect(cards(page).first()).toBeVisible();
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Jazz');
    await page.getByLabel('Search', { exact: true }).fill('Archive');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/genre=Jazz/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Archive Reel');
  });

  for (const via of ['a collection', 'a collection still loading', 'the home page'] as const) {
    test(`keeps filters, results and scroll after visiting ${via}`, async ({ page }) => {
      // Browse clicked before the collection's page code arrives: the router still shows
      // /browse then, so to it the click is a "stay", not an entry.
      let requested = false;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      if (via === 'a collection still loading')
        await page.route(/\/assets\/collection\._id-[\w-]+\.js$/, async (route) => {
          requested = true;
          await held;
          await route.continue();
        });
      // Short and two columns wide, so the 14 demo results scroll.
      await page.setViewportSize({ width: 1100, height: 450 });
      await signIn(page);
      await page.goto('/browse');
      await expect(cards(page).first()).toBeVisible();
      await page.getByRole('button', { name: 'BPM' }).click();
      await page.getByLabel('From', { exact: true }).fill('80');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('button', { name: /BPM/ })).toHaveAttribute(
        'data-active',
        'true',
      );
      // Read once the BPM filter's results are in: until then it shows the last count.
      await expect(page.getByTestId('result-count')).toHaveAttribute('aria-busy', 'false');
      const count = await page.getByTestId('result-count').innerText();

      await page.evaluate(() => window.scrollTo(0, 450));
      await page.waitForTimeout(200);
      // A card in view at that position, so clicking it does not scroll the page first.
      const inView = cards(page).nth(7);
      await expect(inView).toBeInViewport();
      const leftAt = await page.evaluate(() => window.scrollY);
      expect(leftAt).toBeGreaterThan(400);
      if (via !== 'the home page') {
        await inView.getByRole('link').first().click();
        await expect(page).toHaveURL(/\/collection\//);
        if (via === 'a collection still loading') await expect.poll(() => requested).toBe(true);
      } else {
        await page.getByRole('link', { name: 'Home' }).first().click();
        await expect(page).toHaveURL(/\/$/);
      }

      // Back through the drawer: a bare /browse link resumes the screen as it was left,
      // with its filters in the address.
      await page.getByRole('link', { name: 'Browse' }).first().click();
      await expect(page).toHaveURL(/\/browse\?bpm=80-300$/);
      await expect(page.getByTestId('result-count')).toHaveText(count);
      await expect(page.getByRole('button', { name: /BPM/ })).toHaveAttribute(
        'data-active',
        'true',
      );
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(leftAt);
      release();
    });
  }

  test('admin bulk delete removes the selected collection and keeps the others', async ({
    page,
    albums,
  }) => {
    // Collections of its own, so the demo library stays whole for the spec files after this one.
    const [gone, kept] = await albums.create([
      { album: albums.name('Gone'), artist: 'Bulk Tester' },
      { album: albums.name('Kept'), artist: 'Bulk Tester' },
    ]);

    await signIn(page);
    await page.goto(`/browse?query=${albums.word}`);
    await expect(cards(page)).toHaveCount(2);
    await page.getByText('Delete mode').click();
    await checkBox(page, `Select ${gone!.collectionName}`);
    await page.getByRole('button', { name: 'Delete (1)' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete (1)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog').getByText('Done!')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
    await expect(cards(page)).toHaveCount(1);

    const after = await albums.find();
    expect(after.map((c) => c.collectionId)).toEqual([kept!.collectionId]);
  });
});
