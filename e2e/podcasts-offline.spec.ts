import { expect, test } from '@playwright/test';
import { ApiSession, registerUser } from './support/api';
import { persistedQueryKeys } from './support/persisted-cache';
import { activeAudio, audioState, expectPlaying } from './support/player-queue';
import { HOST_SHOW, startPodcastHost, type PodcastHost } from './support/podcast-host';
import { signInByApi } from './support/sign-in-by-api';

/**
 * "Save offline" for a podcast episode (issue 49): saved from the podcast page with its
 * progress, listed with the offline music, and played with the network off (the service worker
 * answers the episode's stream from Cache Storage; the page's data from the persisted cache).
 */
let host: PodcastHost;

test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  host = await startPodcastHost(120);
});

test.afterAll(async () => {
  await host.close();
});

test('saves an episode offline and plays it with the network off', async ({ page, context }) => {
  const user = await registerUser('offlinepod');
  const api = await ApiSession.signIn(user.username, user.password);
  const { podcastId } = await api.call<{ podcastId: number }>('PUT', '/api/podcast', {
    url: host.feedUrl,
  });
  await api.dispose();
  await signInByApi(page, user.username, user.password);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`/podcast/${podcastId}`);
  const row = page.getByTestId('episode-entry').filter({ hasText: HOST_SHOW.episode });
  await row.getByRole('button', { name: 'Save offline' }).click();
  await expect(row.getByTestId('episode-saved-offline')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Remove offline copy' })).toBeVisible();
  await expect
    .poll(() => persistedQueryKeys(page))
    .toContain(JSON.stringify(['podcasts', 'detail', podcastId]));

  await page.goto('/offline');
  const saved = page.getByTestId('saved-items').getByRole('listitem');
  await expect(saved.filter({ hasText: HOST_SHOW.episode })).toContainText('Podcast episode');

  await page.goto(`/podcast/${podcastId}`);
  await expect(row).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByRole('button', { name: `Play ${HOST_SHOW.episode}` }).click();
  await expectPlaying(page);
  expect((await audioState(page)).src).toContain(`/api/podcast/episode/`);
  const first = (await audioState(page)).currentTime;
  await page.waitForTimeout(1500);
  expect((await audioState(page)).currentTime).toBeGreaterThan(first);
  // Seeking inside the saved episode is answered with a range from Cache Storage.
  await activeAudio(page).evaluate((el: HTMLAudioElement) => {
    el.currentTime = 90;
  });
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(90.2);

  await activeAudio(page).evaluate((el: HTMLAudioElement) => el.pause());
  await context.setOffline(false);
  await row.getByRole('button', { name: 'Remove offline copy' }).click();
  await expect(row.getByRole('button', { name: 'Save offline' })).toBeVisible();
});
