import { expect, test } from './support/csp-guard';
import { ApiSession } from './support/api';
import { ADMIN_PASSWORD, ADMIN_USER } from './support/global-setup';
import { signIn } from './support/sign-in';

interface Homepage {
  collectionsTags: { tag: string; collections: { collectionId: number }[] }[];
  playlistsTop: { playlistTitle: string }[];
}

test.describe('Home (/)', () => {
  test('greets the user, shows a 140 px row per tag, and Show More lists only that tag', async ({
    page,
  }) => {
    const api = await ApiSession.signIn();
    const home = await api.call<Homepage>('GET', '/api/homepage');
    const rows = home.collectionsTags.filter((row) => row.collections.length > 0);
    expect(rows.length).toBeGreaterThan(0);

    await signIn(page);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN_USER}` })).toBeVisible();
    const tagRows = page.getByTestId('tag-row');
    await expect(tagRows).toHaveCount(rows.length);
    for (const [i, row] of rows.entries()) {
      await expect(tagRows.nth(i).getByRole('heading', { level: 2 })).toHaveText(row.tag);
      await expect(tagRows.nth(i).getByTestId('collection-tile')).toHaveCount(
        row.collections.length,
      );
    }
    const tile = tagRows.first().getByTestId('collection-tile').first();
    expect((await tile.boundingBox())?.width).toBe(140);
    await expect(page.getByTestId('top-playlists').getByTestId('playlist-card')).toHaveCount(
      home.playlistsTop.length,
    );

    const first = rows[0]!;
    const tagged = await api.call<{ data: { collectionId: number }[] }>(
      'POST',
      '/api/audio_collection/search',
      { query: '', tags: [first.tag] },
    );
    await tagRows.first().getByRole('link', { name: 'Show More' }).click();
    await expect(page).toHaveURL(new RegExp(`/browse\\?tag=${encodeURIComponent(first.tag)}$`));
    const cards = page.getByTestId('collection-card');
    await expect(cards).toHaveCount(tagged.data.length);
    const ids = await cards.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('data-collection-id'))),
    );
    expect(ids.sort()).toEqual(tagged.data.map((c) => c.collectionId).sort());
    await api.dispose();
  });

  test('a collection tile opens /collection/{id}-{slug}', async ({ page }) => {
    await signIn(page);
    const tile = page.getByTestId('collection-tile').first();
    const link = tile.getByTestId('tile-link');
    const id = /\/collection\/(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1];
    const recommendations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/collection/${id}/recommendations`)
        recommendations.push(request.method());
    });
    // Hovering preloads the collection itself, not the page's other reads.
    const preloaded = page.waitForRequest((r) => r.url().includes(`/api/audio_collection/${id}`));
    await link.hover();
    await preloaded;
    // A grace period for a read that must not come (the loader would start it a task later).
    await page.waitForTimeout(1000);
    expect(recommendations).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(/\/collection\/\d+-[\w-]+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'You may also like' })).toBeVisible();
    await expect.poll(() => recommendations).toEqual(['GET']);
  });

  test('hides top-track playlists naming a genre the user did not choose', async ({ page }) => {
    const api = await ApiSession.signIn();
    const me = await api.call<{ user: { userId: number } }>('GET', '/api/user');
    try {
      await api.call('POST', `/api/user/${me.user.userId}/extra`, { genres: ['Ambient'] });
      await signIn(page);
      const top = page.getByTestId('top-playlists');
      await expect(top.getByText('Top Ambient')).toBeVisible();
      await expect(top.getByText('Top Techno')).toHaveCount(0);

      // The saved genres are also the default genre filter of /browse.
      await page.goto('/browse');
      await expect(page.getByRole('button', { name: /Genre/ })).toHaveAttribute(
        'data-active',
        'true',
      );
      const cards = page.getByTestId('collection-card');
      await expect(cards.first()).toBeVisible();
      for (const text of await cards.allInnerTexts()) expect(text).toContain('Ambient');
    } finally {
      await api.call('POST', `/api/user/${me.user.userId}/extra`, { genres: [] });
      await api.dispose();
    }
  });
});

test.describe('Home (/) when GET /api/homepage fails', () => {
  // Requests made by the service worker bypass page.route, so this test runs without one.
  test.use({ serviceWorkers: 'block' });

  test('the failure is swallowed: the spinner stops and the shell stays usable', async ({
    page,
  }) => {
    await page.route('**/api/homepage', (route) =>
      route.fulfill({ status: 500, body: '{"error":"boom"}' }),
    );
    // Through the form: a full load of / carries the home data in its HTML, so the call (and
    // its failure) happens only when the app navigates there itself, as after signing in.
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN_USER);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await expect(page.getByTestId('home-error')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expect(page.getByText('An error occurred')).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(page).toHaveURL(/\/browse/);
  });
});
