import { expect, type Page } from './support/csp-guard';
import { signInAsAdmin } from './support/player-queue';
import { createTaggedAlbums } from './support/tagged-albums';
import { test } from './support/throwaway-albums';

const files = (page: Page) => page.getByRole('region', { name: 'Files' });
const disc = (page: Page, name: string) =>
  files(page).getByRole('list', { name, exact: true }).getByTestId('file-row');

test.use({ serviceWorkers: 'block' });

test('a two-disc album shows a heading per disc, in order, each over its own tracks', async ({
  page,
  api,
  albums,
}) => {
  const album = albums.name('Double Set');
  // Written disc 2 first: the page follows the tags (disc, then track), not the file names.
  const [made] = await createTaggedAlbums(api, albums, [
    {
      album,
      albumArtist: 'Disc Duo',
      tracks: [
        { title: 'Encore Opener', artist: 'Disc Duo', disc: '2/2', track: 1, discSubtitle: 'Live' },
        { title: 'Encore Closer', artist: 'Disc Duo', disc: '2/2', track: 2, discSubtitle: 'Live' },
        { title: 'Studio Closer', artist: 'Disc Duo', disc: '1/2', track: 2, seconds: 6 },
        { title: 'Studio Opener', artist: 'Disc Duo', disc: '1/2', track: 1, seconds: 6 },
      ],
    },
  ]);

  await signInAsAdmin(page);
  await page.goto(`/collection/${made!.collectionId}`);
  await expect(files(page).getByRole('heading', { level: 3 })).toHaveText([
    'Disc 1',
    'Disc 2: Live',
  ]);
  await expect(disc(page, 'Disc 1')).toHaveCount(2);
  await expect(disc(page, 'Disc 1').nth(0)).toContainText('Studio Opener');
  await expect(disc(page, 'Disc 1').nth(1)).toContainText('Studio Closer');
  await expect(disc(page, 'Disc 2: Live')).toHaveCount(2);
  await expect(disc(page, 'Disc 2: Live').nth(0)).toContainText('Encore Opener');
  await expect(disc(page, 'Disc 2: Live').nth(1)).toContainText('Encore Closer');

  // Each heading comes before its list in the document (what a screen reader follows).
  const order = await files(page)
    .locator('h3, [role="list"]')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent?.slice(0, 13)));
  expect(order).toEqual(['Disc 1', 'Studio Opener', 'Disc 2: Live', 'Encore Opener']);

  // Playing a track queues the whole collection in page order: next is the first of disc 2.
  await disc(page, 'Disc 1')
    .nth(1)
    .getByRole('button', { name: 'Play Studio Closer', exact: true })
    .click();
  await expect(page.getByTestId('player-title')).toHaveText('Studio Closer');
  await page.getByTestId('player-bar').getByRole('button', { name: 'Next track' }).click();
  await expect(page.getByTestId('player-title')).toHaveText('Encore Opener');
});

test('an album on one disc has no disc headings', async ({ page, api, albums }) => {
  const [made] = await createTaggedAlbums(api, albums, [
    {
      album: albums.name('Single Set'),
      albumArtist: 'Disc Solo',
      tracks: [
        { title: 'Only One', artist: 'Disc Solo', disc: '1/1', track: 1 },
        { title: 'Only Two', artist: 'Disc Solo', disc: '1/1', track: 2 },
      ],
    },
  ]);
  await signInAsAdmin(page);
  await page.goto(`/collection/${made!.collectionId}`);
  await expect(files(page).getByTestId('file-row')).toHaveCount(2);
  await expect(files(page).getByRole('heading', { level: 3 })).toHaveCount(0);
});
