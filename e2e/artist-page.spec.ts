import { expect, test } from './support/csp-guard';
import type { Track } from '../domain/track';
import { demoCollection, expectPlaying, signInAsAdmin } from './support/player-queue';

// Playback is all this needs; the worker would only reload an idle page on an update.
test.use({ serviceWorkers: 'block' });

test("the player's artist opens the artist page, whose Play all plays its top tracks", async ({
  page,
}) => {
  const { collectionId, tracks } = await demoCollection(2);
  const first = tracks[0] as Track;
  const artist = first.artistRefs?.[0];
  if (!artist) throw new Error(`${first.title} has no artist page`);

  await signInAsAdmin(page);
  await page.goto(`/collection/${collectionId}`);
  // The album artists under the title and each row's artists link to artist pages.
  await expect(page.getByTestId('collection-artists').getByRole('link').first()).toHaveAttribute(
    'href',
    /\/artist\/\d+$/,
  );
  await expect(page.getByTestId('file-artists').first().getByRole('link').first()).toHaveAttribute(
    'href',
    /\/artist\/\d+$/,
  );

  await page
    .getByTestId('file-row')
    .first()
    .getByRole('button', { name: `Play ${first.title}`, exact: true })
    .click();
  await expect(page.getByTestId('player-title')).toHaveText(first.title);
  await page
    .getByTestId('player-artists')
    .getByRole('link', { name: artist.artistName, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/artist/${artist.artistId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.artistName);
  await expect(
    page.getByTestId('artist-collections').getByTestId('collection-tile'),
  ).not.toHaveCount(0);

  // Play all starts the first of the top tracks, as the page lists them.
  const topFirst = page.getByTestId('artist-top-track').first();
  const title = (await topFirst.locator('p').first().innerText()).trim();
  await page.getByRole('button', { name: 'Play all', exact: true }).click();
  await expect(page.getByTestId('player-title')).toHaveText(title);
  await expectPlaying(page);
  await expect(topFirst).toHaveAttribute('aria-current', 'true');
});

test('an unknown artist shows the not-found state', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/artist/987654321');
  await expect(page.getByRole('heading', { level: 1, name: 'Artist not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the library' })).toBeVisible();
});

test('the artist names on home tiles and browse cards open their artist pages', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const tile = page.getByTestId('collection-tile').first();
  const tileArtist = tile.locator('a[href^="/artist/"]').first();
  const name = (await tileArtist.innerText()).trim();
  await tileArtist.click();
  await expect(page).toHaveURL(/\/artist\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  await page.goto('/browse');
  const card = page.getByTestId('collection-card').first();
  const cardArtist = card.locator('a[href^="/artist/"]').first();
  const cardName = (await cardArtist.innerText()).trim();
  await cardArtist.click();
  await expect(page).toHaveURL(/\/artist\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cardName);

  // The rest of the card still opens the collection.
  await page.goBack();
  await page
    .getByTestId('collection-card')
    .first()
    .click({ position: { x: 48, y: 48 } });
  await expect(page).toHaveURL(/\/(audio-)?collection\/\d+/);
});
