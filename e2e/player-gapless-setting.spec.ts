import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import { expectPlaying, freeDemoAlbums, seedQueue, signInAsAdmin } from './support/player-queue';

/**
 * The Gapless setting (decision 0052, "On by default"): by default a lossless original plays on
 * the gapless deck and a lossy one on the element deck; "All files" moves the lossy track
 * playing now onto the gapless deck, and the choice is remembered.
 */
let lossless: Track;
let lossy: Track;
test.beforeAll(async () => {
  const tracks = (await freeDemoAlbums()).flatMap((album) => album.tracks);
  const find = (flag: boolean) => tracks.find((t) => t.lossless === flag && t.duration > 20);
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

test('by default a lossless original plays gapless and a lossy one on the element deck', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await play(page, [lossless]);
  await expect(gaplessElement(page)).toHaveCount(1);
  await play(page, [lossy]);
  await expect(elementDeck(page)).toHaveCount(1);
  await expect(gaplessElement(page)).toHaveCount(0);
});

test('"All files" moves the lossy track playing now to the gapless deck and is remembered', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await play(page, [lossy]);
  await expect(elementDeck(page)).toHaveCount(1);
  await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
  const select = page.getByRole('dialog').getByLabel('Gapless');
  await expect(select).toHaveValue('lossless');
  await expect(page.getByRole('dialog')).toContainText('at no extra data');
  await select.selectOption({ label: 'All files' });
  await expect(page.getByRole('dialog')).toContainText('about 3 times their size');
  await expect(gaplessElement(page)).toHaveCount(1);
  await expectPlaying(page);
  expect(await page.evaluate(() => localStorage.getItem('gapless'))).toBe('always');
  await page.reload();
  await bar(page).getByRole('button', { name: 'Queue', exact: true }).click();
  await expect(page.getByRole('dialog').getByLabel('Gapless')).toHaveValue('always');
});
