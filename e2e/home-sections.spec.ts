import { expect, test, type Page } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { signIn } from './support/sign-in';
import { chooseMenuItem } from './support/menu';

interface Playlist {
  playlistId: number;
  playlistTitle: string;
}
interface Homepage {
  playlistsEditor: Playlist[];
  playlistsRandom: Playlist[];
  playlistsSpecial: Playlist[];
  collectionsTop: { collectionId: number; collectionName: string }[];
  collectionsTags: { collections: { collectionId: number }[] }[];
}
interface Found {
  data: { collectionId: number; collectionName: string; collectionPrice: number | null }[];
}

const section = (page: Page, testId: string) => page.getByTestId(testId);
const cardTitles = (page: Page, testId: string) =>
  section(page, testId)
    .getByTestId('playlist-card')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('p')?.textContent ?? ''));

test.describe('Home (/) playlist sections', () => {
  test('the editorial section shows only while there are editorial playlists', async ({ page }) => {
    const api = await ApiSession.signIn();
    let playlistId: number | null = null;
    try {
      const before = await api.call<Homepage>('GET', '/api/homepage');
      expect(before.playlistsEditor).toEqual([]);
      await signIn(page);
      // The page has drawn its playlist sections, just not this one.
      await expect(section(page, 'random-playlists')).toBeVisible();
      await expect(section(page, 'editor-playlists')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Editorial playlists' })).toHaveCount(0);

      const title = `Editors' choice ${Date.now()}`;
      ({ playlistId } = await api.call<Playlist>('PUT', '/api/playlist', { title }));
      await api.call('POST', `/api/playlist/${playlistId}`, { editorial: true });
      const after = await api.call<Homepage>('GET', '/api/homepage');
      expect(after.playlistsEditor.map((p) => p.playlistTitle)).toEqual([title]);

      await page.reload();
      const editorial = section(page, 'editor-playlists');
      await expect(editorial.getByRole('heading', { name: 'Editorial playlists' })).toBeVisible();
      await expect(editorial.getByTestId('playlist-card')).toHaveCount(1);
      await expect(editorial.getByTestId('playlist-card')).toContainText(title);
    } finally {
      if (playlistId !== null) await api.call('DELETE', `/api/playlist/${playlistId}`);
      await api.dispose();
    }
  });

  test('random and special playlists each have their own section of cards', async ({ page }) => {
    const api = await ApiSession.signIn();
    const home = await api.call<Homepage>('GET', '/api/homepage').finally(() => api.dispose());
    expect(home.playlistsRandom.length).toBeGreaterThan(0);
    expect(home.playlistsSpecial.length).toBeGreaterThan(0);

    await signIn(page);
    for (const [testId, heading, playlists] of [
      ['random-playlists', 'Random playlists', home.playlistsRandom],
      ['special-playlists', 'Special playlists', home.playlistsSpecial],
    ] as const) {
      await expect(section(page, testId).getByRole('heading', { level: 2 })).toHaveText(heading);
      await expect(section(page, testId).getByTestId('playlist-card')).toHaveCount(
        playlists.length,
      );
      expect(await cardTitles(page, testId)).toEqual(playlists.map((p) => p.playlistTitle));
    }
  });

  test('a playlist card opens /playlist/{playlistId}', async ({ page }) => {
    const api = await ApiSession.signIn();
    const home = await api.call<Homepage>('GET', '/api/homepage').finally(() => api.dispose());
    const target = home.playlistsSpecial[0]!;

    await signIn(page);
    await section(page, 'special-playlists')
      .getByTestId('playlist-card')
      .filter({ hasText: target.playlistTitle })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(new RegExp(`/playlist/${target.playlistId}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.playlistTitle })).toBeVisible();
  });
});

test.describe('Home (/) top collections', () => {
  test('are shown as tiles, the ones the homepage call names, in its order', async ({ page }) => {
    const api = await ApiSession.signIn();
    const home = await api.call<Homepage>('GET', '/api/homepage').finally(() => api.dispose());
    expect(home.collectionsTop.length).toBeGreaterThan(1);

    await signIn(page);
    const top = section(page, 'top-collections');
    await expect(top.getByRole('heading', { level: 2 })).toHaveText('Top collections');
    const tiles = top.getByTestId('collection-tile');
    await expect(tiles).toHaveCount(home.collectionsTop.length);
    const names = await tiles.evaluateAll((els) =>
      els.map((el) => el.querySelector('p')?.textContent ?? ''),
    );
    expect(names).toEqual(home.collectionsTop.map((c) => c.collectionName));
    await expect(tiles.first().getByTestId('tile-link')).toHaveAttribute(
      'href',
      new RegExp(`/collection/${home.collectionsTop[0]!.collectionId}-`),
    );
  });

  test('downloading a priced tile the user has not unlocked opens the payment chooser', async ({
    page,
  }) => {
    // A member: an admin's role has roleDownloadPaid, which unlocks every paid collection.
    const user = await registerUser('tilebuy');
    const api = await ApiSession.signIn();
    const home = await api.call<Homepage>('GET', '/api/homepage');
    const found = await api.call<Found>('POST', '/api/audio_collection/search', { query: '' });
    // Any collection with a tile on the home page: a tag row or the top collections.
    const onHome = new Set(
      [...home.collectionsTop, ...home.collectionsTags.flatMap((row) => row.collections)].map(
        (c) => c.collectionId,
      ),
    );
    const priced = found.data.find(
      (c) => (c.collectionPrice ?? 0) > 0 && onHome.has(c.collectionId),
    );
    expect(priced).toBeDefined();
    // Enough balance that the chooser also offers the balance provider (enabled in the demo).
    await api
      .call('POST', `/api/user/${user.userId}`, { userBalance: 100_000 })
      .finally(() => api.dispose());

    await signIn(page, user.username, user.password);
    const tile = page
      .getByTestId('collection-tile')
      .filter({ hasText: priced!.collectionName })
      .first();
    await tile.getByRole('button', { name: `More actions for ${priced!.collectionName}` }).click();
    await chooseMenuItem(page, 'Download');
    const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
    await expect(chooser).toBeVisible();
    await expect(chooser).toContainText(priced!.collectionName);
    const price = (priced!.collectionPrice! / 100).toFixed(2);
    await expect(chooser).toContainText(`This collection costs ${price} EUR.`);
    await expect(
      chooser.getByRole('button', { name: 'Pay with balance (1000.00 EUR)' }),
    ).toBeVisible();
    // Nothing was downloaded behind the chooser.
    await expect(page.locator('iframe[data-download]')).toHaveCount(0);
  });
});
