import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import { expectPlaying, freeDemoAlbums, seedQueue, signInAsAdmin } from './support/player-queue';

/**
 * The Gapless setting (decisions 0052 and 0060): by default every full track plays on the
 * gapless deck, a lossy original as its own frames (no bigger than its file); "Off" moves the
 * track playing now to the element deck, and the choice is remembered.
 */
let lossless: Track;
let lossy: Track;
test.beforeAll(async () => {
  const tracks = (await freeDemoAlbums()).flatMap((album) => album.tracks);
  const find = (flag: boolean) =>
    tracks.find((t) => t.lossless === flag && t.duration > 20 && !t.isPreview);
  const [a, b] = [find(true), find(false)];
  if (!a || !b) throw new Error('a lossless and a lossy free demo track are needed');
  [lossless, lossy] = [a, b];
});

const bar = (page: Page) => page.getByTestId('player-bar');
const gaplessElement = (page: Page) => page.locator('audio[data-player="gapless"][src]');
const elementDeck = (page: Page) => page.locator('audio[data-player="active"][src]');

async function play(page: Page, queue: Track[]) {
  await seedQueue(page, queue, 0);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
}

test('by default lossless and lossy originals both play gapless, the lossy one at its size', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await play(page, [lossless]);
  await expect(gaplessElement(page)).toHaveCount(1);
  const own = page.waitForResponse((r) => r.url().includes(`/downloader/gapless/${lossy.fileId}`));
  await play(page, [lossy]);
  await expect(gaplessElement(page)).toHaveCount(1);
  await expect(elementDeck(page)).toHaveCount(0);
  // Its own frames, not FLAC: the response says where its samples lie.
  const response = await own;
  expect(response.headers()['content-type']).not.toContain('flac');
  expect(response.headers()['gapless-trim']).toMatch(/^skip=\d+; valid=\d+; rate=\d+$/);
});

test('"Off" moves the track playing now to the element deck and is remembered', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await play(page, [lossy]);
  await expect(gaplessElement(page)).toHaveCount(1);
  await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const select = page.getByRole('dialog').getByLabel('Gapless');
  await expect(select).toHaveValue('tracks');
  await expect(page.getByRole('dialog')).toContainText('at its own size');
  await select.selectOption({ label: 'Off' });
  await expect(elementDeck(page)).toHaveCount(1);
  await expectPlaying(page);
  expect(await page.evaluate(() => localStorage.getItem('gapless'))).toBe('off');
  await page.reload();
  await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
  await expect(page.getByRole('dialog').getByLabel('Gapless')).toHaveValue('off');
});

test('"Full tracks and previews" says what previews cost', async ({ page }) => {
  await signInAsAdmin(page);
  await play(page, [lossless]);
  await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const select = page.getByRole('dialog').getByLabel('Gapless');
  await select.selectOption({ label: 'Full tracks and previews' });
  await expect(page.getByRole('dialog')).toContainText('about 3 times their size');
  expect(await page.evaluate(() => localStorage.getItem('gapless'))).toBe('always');
});
