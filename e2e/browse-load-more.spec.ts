import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from './support/csp-guard';
import { ApiSession } from './support/api';
import { importLibrary, musicDir, writeAlbums } from './support/music-dir';
import { signIn } from './support/sign-in';

interface Found {
  data: { collectionId: number; collectionName: string }[];
}

/** More than one page of 50, fewer than two. */
const ALBUMS = 55;
const PAGE = 50;

const cards = (page: Page) => page.getByTestId('collection-card');
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load more', exact: true });
const results = (page: Page) => page.getByTestId('browse-results');

/**
 * Through the header search box rather than page.goto: a reload within about a second of signing
 * in can restore the query cache saved before the sign-in, and land on /login.
 */
async function searchFor(page: Page, query: string) {
  await page.getByLabel('Search', { exact: true }).fill(query);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/browse\\?query=${query}$`));
}

async function search(api: ApiSession, query: string): Promise<Found['data']> {
  const found = await api.call<Found>('POST', '/api/audio_collection/search', {
    query,
    limit: 500,
  });
  return found.data;
}

test.describe('Browse load more', () => {
  // Writing and importing 55 albums takes a while on two cores.
  test.setTimeout(240_000);

  test('shows only on a full page of 50 and appends the next page', async ({ page }) => {
    const api = await ApiSession.signIn();
    // One word shared by every album name, and by nothing in the demo library.
    const word = `pagefill${Date.now().toString(36)}`;
    const folder = join(musicDir(), word);
    try {
      await writeAlbums(
        folder,
        Array.from({ length: ALBUMS }, (_, i) => ({
          album: `${word} Album ${i + 1}`,
          artist: `Fill Artist ${i + 1}`,
        })),
      );
      const job = await importLibrary(api);
      expect(job.state).toBe('done');
      expect(job.problems.filter((p) => !p.error.startsWith('waveform'))).toEqual([]);
      const imported = await search(api, word);
      expect(imported).toHaveLength(ALBUMS);

      // Control: a search with fewer than 50 results, and one with none, offer no more.
      const few = await search(api, 'Mira');
      expect(few.length).toBeGreaterThan(0);
      expect(few.length).toBeLessThan(PAGE);
      await signIn(page, undefined, undefined, { worker: false });
      await searchFor(page, 'Mira');
      await expect(results(page)).toHaveAttribute('data-total', String(few.length));
      await expect(loadMore(page)).toHaveCount(0);
      await searchFor(page, 'nosuchwordanywhere');
      await expect(page.getByTestId('browse-empty')).toBeVisible();
      await expect(loadMore(page)).toHaveCount(0);

      const searchResponse = () =>
        page.waitForResponse(
          (r) =>
            r.url().endsWith('/api/audio_collection/search') && r.request().method() === 'POST',
        );
      const firstPage = searchResponse();
      await searchFor(page, word);
      const first = ((await (await firstPage).json()) as Found).data.map((c) => c.collectionId);
      expect(first).toHaveLength(PAGE);
      // The grid is windowed, so its total (not the cards in the DOM) counts what is loaded.
      await expect(results(page)).toHaveAttribute('data-total', String(PAGE));
      await expect(page.getByTestId('result-count')).toHaveText('50 results');
      await expect(loadMore(page)).toBeVisible();

      const nextPage = searchResponse();
      await loadMore(page).click();
      const second = await nextPage;
      expect(second.request().postDataJSON()).toMatchObject({ query: word, offset: PAGE });
      const rest = ((await second.json()) as Found).data.map((c) => c.collectionId);
      expect(rest).toHaveLength(ALBUMS - PAGE);
      await expect(results(page)).toHaveAttribute('data-total', String(ALBUMS));
      await expect(page.getByTestId('result-count')).toHaveText(`${ALBUMS} results`);
      // 55 is not a multiple of 50: the last page was short, so nothing more is offered.
      await expect(loadMore(page)).toHaveCount(0);
      // The next page was appended after the first, without repeats: all 55 albums, once each.
      expect(new Set([...first, ...rest]).size).toBe(ALBUMS);
      expect([...first, ...rest].sort()).toEqual(imported.map((c) => c.collectionId).sort());
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(cards(page).last()).toHaveAttribute('data-collection-id', String(rest.at(-1)));
    } finally {
      // Leave the plain demo library for the other spec files.
      const leftovers = await search(api, word);
      if (leftovers.length > 0) {
        await api.call('DELETE', '/downloader/collection/bulk', {
          ids: leftovers.map((c) => c.collectionId),
        });
      }
      await rm(folder, { recursive: true, force: true });
      expect(await search(api, word)).toEqual([]);
      await api.dispose();
    }
  });
});
