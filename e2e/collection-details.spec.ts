import { expect, type Page } from './support/csp-guard';
import { ApiSession, collectionId } from './support/api';
import { signIn } from './support/sign-in';
import { createTaggedAlbums } from './support/tagged-albums';
import { test } from './support/throwaway-albums';

// Read only here, and no other spec file changes it.
const DEMO = 'Subway Sketches';

interface Collection {
  collectionName: string;
  collectionTags: string[];
  collectionDescription: string | null;
  collectionAdded: string;
  audioGenres: string[];
  audioLabel: string | null;
  audioReleaseDate: string | null;
  audioDuration: number;
  audioArtists: string[];
}

interface Found {
  data: { collectionId: number }[];
}

/** The header block of the page: the name and every fact under it. */
const header = (page: Page) => page.getByRole('heading', { level: 1 }).locator('..');
/** The row of one labelled fact ("Genres", "Duration"...). */
const fact = (page: Page, label: string) =>
  header(page).getByText(label, { exact: true }).locator('..');
/** List links carry a trailing comma when another value follows. */
const valueLink = (page: Page, label: string, value: string) =>
  fact(page, label).getByRole('link', { name: new RegExp(`^${escape(value)},?$`) });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** On /browse with exactly this one filter in the address. */
async function expectBrowseAddress(page: Page, param: string, value: string) {
  await expect(page).toHaveURL(/\/browse\?/);
  expect([...new URL(page.url()).searchParams.entries()]).toEqual([[param, value]]);
}

const searchRequest = (page: Page) =>
  page.waitForRequest(
    (r) => r.url().endsWith('/api/audio_collection/search') && r.method() === 'POST',
  );

/** m:ss with two-digit seconds (spec part 1, section 9), written out independently here. */
function minutesSeconds(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

test.describe('collection page facts', () => {
  test('shows tags, duration as m:ss, upload time and description', async ({ page }) => {
    const id = await collectionId(DEMO);
    const api = await ApiSession.signIn();
    const { collection } = await api
      .call<{ collection: Collection }>('GET', `/api/audio_collection/${id}`)
      .finally(() => api.dispose());
    expect(collection.collectionTags.length).toBeGreaterThan(0);
    expect(collection.collectionDescription).toBeTruthy();
    expect(collection.audioDuration).toBeGreaterThan(60);

    await signIn(page);
    await page.goto(`/collection/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: DEMO })).toBeVisible();
    for (const tag of collection.collectionTags) {
      await expect(valueLink(page, 'Tags', tag)).toBeVisible();
    }
    await expect(fact(page, 'Duration')).toHaveText(
      `Duration${minutesSeconds(collection.audioDuration)}`,
    );
    // The upload time is the collection's own collectionAdded, as the viewer's local day
    // (the app's one date format, YYYY-MM-DD).
    const uploaded = await page.evaluate((added) => {
      const d = new Date(added);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }, collection.collectionAdded);
    await expect(fact(page, 'Uploaded')).toHaveText(`Uploaded${uploaded}`);
    await expect(header(page).getByText(collection.collectionDescription!)).toBeVisible();
  });

  for (const [label, param, pick] of [
    ['Genres', 'genre', (c: Collection) => c.audioGenres[0]],
    ['Label', 'label', (c: Collection) => c.audioLabel],
    ['Release date', 'releaseDate', (c: Collection) => c.audioReleaseDate],
  ] as const) {
    test(`a ${param} value (${label}) links to /browse?${param}= and filters by it`, async ({
      page,
    }) => {
      const id = await collectionId(DEMO);
      const api = await ApiSession.signIn();
      const { collection } = await api.call<{ collection: Collection }>(
        'GET',
        `/api/audio_collection/${id}`,
      );
      const value = pick(collection);
      expect(value).toBeTruthy();
      const filter =
        param === 'genre'
          ? { genres: [value] }
          : param === 'label'
            ? { labels: [value] }
            : { dateFrom: value, dateTo: value };
      const expected = await api
        .call<Found>('POST', '/api/audio_collection/search', { query: '', ...filter })
        .finally(() => api.dispose());
      // The filter keeps this collection (and, for the label, its label mates).
      expect(expected.data.map((c) => c.collectionId)).toContain(id);

      await signIn(page);
      await page.goto(`/collection/${id}`);
      const search = searchRequest(page);
      await valueLink(page, label, value!).click();
      await expectBrowseAddress(page, param, value!);
      expect((await search).postDataJSON()).toMatchObject(filter);
      const cards = page.getByTestId('collection-card');
      await expect(cards).toHaveCount(expected.data.length);
      const ids = await cards.evaluateAll((els) =>
        els.map((el) => Number(el.getAttribute('data-collection-id'))),
      );
      expect(ids.sort()).toEqual(expected.data.map((c) => c.collectionId).sort());
    });
  }
});

test.describe('collection page facts of an imported collection', () => {
  test('ten artists, then show more; without a release date the added date is used', async ({
    page,
    api,
    albums,
  }) => {
    const artists = Array.from({ length: 12 }, (_, i) => `Crowd Artist ${i + 1}`);
    // One folder and album tag, a track by each of twelve artists: one release by them all.
    const [made] = await createTaggedAlbums(api, albums, [
      {
        album: albums.name('Many Hands'),
        albumArtist: '',
        tracks: artists.map((artist, i) => ({ title: `Part ${i + 1}`, artist, track: i + 1 })),
      },
    ]);
    expect(made!.audioArtists).toHaveLength(12);
    expect(made!.audioReleaseDate).toBeNull();
    const shownFirst = made!.audioArtists.slice(0, 10);
    const hiddenFirst = made!.audioArtists.slice(10);

    await signIn(page);
    await page.goto(`/collection/${made!.collectionId}`);
    const links = fact(page, 'Artists').getByRole('link');
    await expect(links).toHaveCount(10);
    expect((await links.allInnerTexts()).map((t) => t.replace(/,$/, ''))).toEqual(shownFirst);
    for (const name of hiddenFirst) {
      await expect(valueLink(page, 'Artists', name)).toHaveCount(0);
    }
    await fact(page, 'Artists').getByRole('button', { name: 'Show 2 more' }).click();
    await expect(links).toHaveCount(12);
    for (const name of hiddenFirst) {
      await expect(valueLink(page, 'Artists', name)).toBeVisible();
    }

    const day = made!.collectionAdded.slice(0, 10);
    await expect(valueLink(page, 'Release date', day)).toBeVisible();

    await valueLink(page, 'Artists', hiddenFirst[1]!).click();
    await expectBrowseAddress(page, 'artist', hiddenFirst[1]!);
    await expect(page.getByTestId('collection-card')).toHaveCount(1);
    await expect(page.getByTestId('collection-card')).toHaveAttribute(
      'data-collection-id',
      String(made!.collectionId),
    );

    await page.goBack();
    const search = searchRequest(page);
    await valueLink(page, 'Release date', day).click();
    await expectBrowseAddress(page, 'releaseDate', day);
    expect((await search).postDataJSON()).toMatchObject({ dateFrom: day, dateTo: day });
  });
});
