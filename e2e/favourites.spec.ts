import { expect, test, type Page } from './support/csp-guard';
import type { Favourites, Ratings } from '../domain/annotations';
import type { CollectionWithFiles } from '../domain/collection';
import { ApiSession, collectionId, registerUser } from './support/api';
import { chooseMenuItem } from './support/menu';
import { signIn } from './support/sign-in';

/** A demo album, its first track and an artist credited on it (an artist page). */
async function albumFacts(api: ApiSession, name: string) {
  const id = await collectionId(name);
  const { collection, files } = await api.call<CollectionWithFiles>(
    'GET',
    `/api/audio_collection/${id}`,
  );
  const first = files.find((entry) => entry.audio !== null);
  if (!first?.audio) throw new Error(`${name} has no audio`);
  const artist = collection.collectionArtists[0] ?? first.audio.audioArtistRefs[0];
  if (!artist) throw new Error(`${name} has no artist page`);
  return { id, name, fileId: first.file.fileId, track: first.audio.audioTitle, artist };
}

/** GET from the page itself: its cookie, its network (offline included). */
const fromPage = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'include' });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

test.describe('favourites and ratings', () => {
  test('an album, an artist and a rated, liked track show on the Favourites page', async ({
    page,
  }) => {
    const user = await registerUser('favourer');
    const api = await ApiSession.signIn(user.username, user.password);
    try {
      const album = await albumFacts(api, 'Paper Boats');
      await signIn(page, user.username, user.password);

      // The album: a favourite, rated 3 from the keyboard (Right from none gives one star).
      await page.goto(`/collection/${album.id}`);
      const favourite = page.getByRole('button', { name: 'Favourite', exact: true });
      await expect(favourite).toBeEnabled();
      await expect(favourite).toHaveAttribute('aria-pressed', 'false');
      await favourite.click();
      await expect(favourite).toHaveAttribute('aria-pressed', 'true');
      const stars = page.getByRole('radiogroup', { name: `Rating of ${album.name}` });
      // Enabled once the ratings are known.
      await expect(stars.getByRole('radio', { name: 'Rate 1 of 5' })).toBeEnabled();
      await stars.getByRole('radio', { name: 'Rate 1 of 5' }).focus();
      for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowRight');
      await expect(stars.getByRole('radio', { name: 'Rate 3 of 5' })).toBeChecked();
      await expect(stars.getByRole('radio', { name: 'Rate 3 of 5' })).toBeFocused();

      // A track: liked, and rated 5 from its row's rating menu.
      const row = page.getByTestId('file-row').filter({ hasText: album.track }).first();
      await row.getByRole('button', { name: `Like ${album.track}` }).click();
      await row.getByRole('button', { name: `Rate ${album.track}` }).click();
      await chooseMenuItem(page, 'Rate 5 of 5', 'menuitemradio');
      await expect(
        row.getByRole('button', { name: `Rating of ${album.track}: 5 of 5` }),
      ).toBeVisible();

      // The artist: a favourite, rated 2 with the mouse.
      await page.goto(`/artist/${album.artist.artistId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(album.artist.artistName);
      const artistFavourite = page.getByRole('button', { name: 'Favourite', exact: true });
      await expect(artistFavourite).toBeEnabled();
      await artistFavourite.click();
      await expect(artistFavourite).toHaveAttribute('aria-pressed', 'true');
      const artistStars = page.getByRole('radiogroup', {
        name: `Rating of ${album.artist.artistName}`,
      });
      await artistStars.getByRole('radio', { name: 'Rate 2 of 5' }).click();
      await expect(artistStars.getByRole('radio', { name: 'Rate 2 of 5' })).toBeChecked();

      // The server has every one of them.
      await expect
        .poll(async () => {
          const ratings = await api.call<Ratings>('GET', '/api/ratings');
          return [ratings.collections, ratings.artists, ratings.files];
        })
        .toEqual([
          [{ id: album.id, rating: 3 }],
          [{ id: album.artist.artistId, rating: 2 }],
          [{ id: album.fileId, rating: 5 }],
        ]);

      // The Favourites page, from the navigation, and again after a reload.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Favourites' })
        .click();
      await expect(page).toHaveURL(/\/favourites$/);
      for (const pass of ['first', 'reloaded']) {
        if (pass === 'reloaded') await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
        const tracks = page.getByTestId('favourite-track');
        await expect(tracks).toHaveCount(1);
        await expect(tracks).toContainText(album.track);
        await expect(
          tracks.getByRole('button', { name: `Rating of ${album.track}: 5 of 5` }),
        ).toBeVisible();
        await expect(
          page.getByTestId('favourite-albums').getByTestId('collection-tile'),
        ).toContainText(album.name);
        await expect(
          page
            .getByTestId('favourite-artists')
            .getByRole('link', { name: album.artist.artistName }),
        ).toHaveAttribute('href', `/artist/${album.artist.artistId}`);
      }

      // The album tile opens the album; a liked track plays like a playlist entry.
      await page
        .getByTestId('favourite-tracks')
        .getByRole('button', { name: `Play ${album.track}`, exact: true })
        .click();
      await expect(page.getByTestId('player-title')).toHaveText(album.track);
      await page.getByTestId('favourite-albums').getByTestId('tile-link').first().click();
      await expect(page).toHaveURL(new RegExp(`/collection/${album.id}(-|$)`));
    } finally {
      await api.dispose();
    }
  });

  test('a new member sees the empty states', async ({ page }) => {
    const user = await registerUser('nofavs');
    await signIn(page, user.username, user.password);
    await page.goto('/favourites');
    await expect(page.getByTestId('favourite-tracks-empty')).toBeVisible();
    await expect(page.getByTestId('favourite-albums-empty')).toBeVisible();
    await expect(page.getByTestId('favourite-artists-empty')).toBeVisible();
  });

  test('a favourite given offline shows at once and is sent when back online', async ({
    page,
    context,
  }) => {
    const user = await registerUser('offlinefav');
    const api = await ApiSession.signIn(user.username, user.password);
    try {
      const album = await albumFacts(api, 'Tidal');
      await signIn(page, user.username, user.password);
      await page.goto(`/collection/${album.id}`);
      const favourite = page.getByRole('button', { name: 'Favourite', exact: true });
      // Enabled once the favourites are known: the state to flip is not a guess.
      await expect(favourite).toBeEnabled();

      await context.setOffline(true);
      await favourite.click();
      await expect(favourite).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page.getByText('Saved; it will be sent when you are back online.'),
      ).toBeVisible();
      expect((await api.call<Favourites>('GET', '/api/favourites')).collections).toEqual([]);

      await context.setOffline(false);
      await expect
        .poll(
          async () =>
            (await fromPage<Favourites>(page, '/api/favourites')).collections.map(
              (row) => row.collectionId,
            ),
          { timeout: 15_000 },
        )
        .toEqual([album.id]);
      await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    } finally {
      await api.dispose();
    }
  });
});
