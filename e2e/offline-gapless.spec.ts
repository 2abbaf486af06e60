import { expect, test, type Page } from './support/csp-guard';
import {
  activeAudio,
  demoCollection,
  expectPlaying,
  seedQueue,
  signInAsAdmin,
  type DemoAlbum,
} from './support/player-queue';

/**
 * Offline copies play gapless (issue 47, decision 0060): a saved full track is kept once, as
 * its gapless stream; the service worker answers the gapless deck from it, and the element
 * deck's address too, so a listener who turns gapless off still has the music offline.
 */
test.use({ serviceWorkers: 'allow' });
// Saving fetches each track's gapless copy, a transcode that waits its turn for ffmpeg behind
// the other worker's players on a loaded two-core machine: minutes, not the 60 s default.
test.describe.configure({ timeout: 180_000 });

async function saveQueue(page: Page, album: DemoAlbum) {
  await signInAsAdmin(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await seedQueue(page, album.tracks.slice(0, 2));
  await page.goto('/offline');
  await page.getByRole('button', { name: /save the current queue/i }).click();
  const saved = page.getByTestId('saved-items').getByRole('listitem');
  await expect(saved).toHaveCount(1, { timeout: 120_000 });
  // One copy a track, kept under its gapless address.
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('offline-audio');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  for (const track of album.tracks.slice(0, 2)) {
    expect(kept).toContain(`/downloader/gapless/${track.fileId}`);
    expect(kept).not.toContain(`/downloader/file/${track.fileId}`);
  }
}

test('a saved album plays on the gapless deck offline and crosses into its next track', async ({
  page,
  context,
}) => {
  const album = await demoCollection(2);
  await saveQueue(page, album);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByRole('button', { name: `Play ${album.name}` }).click();
  await expectPlaying(page);
  await expect(page.locator('audio[data-player="gapless"][src]')).toHaveCount(1);
  // Near the end of the first track: the second, appended from the saved copy, follows.
  await activeAudio(page).evaluate((el: HTMLAudioElement) => {
    el.currentTime = el.duration - 1.5;
  });
  await expect(page.getByTestId('player-title')).toHaveText(album.tracks[1]!.title, {
    timeout: 20_000,
  });
  await expectPlaying(page);
  await context.setOffline(false);
});

test('with gapless off, the element deck plays the saved copy offline', async ({
  page,
  context,
}) => {
  const album = await demoCollection(2);
  await saveQueue(page, album);
  await page.evaluate(() => localStorage.setItem('gapless', 'off'));
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: `Play ${album.name}` }).click();
  await expectPlaying(page);
  await expect(page.locator('audio[data-player="active"][src]')).toHaveCount(1);
  // A seek is a range of the saved copy.
  await activeAudio(page).evaluate((el: HTMLAudioElement) => {
    el.currentTime = el.duration / 2;
  });
  await expectPlaying(page);
  await context.setOffline(false);
});
