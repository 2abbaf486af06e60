import { expect, test } from '@playwright/test';
import { ApiSession, registerUser } from './support/api';
import { activeAudio, audioState, expectPlaying } from './support/player-queue';
import { HOST_SHOW, startPodcastHost, type PodcastHost } from './support/podcast-host';
import { signInByApi } from './support/sign-in-by-api';

/**
 * Podcasts and internet radio in the browser (issue 49): a loopback host serves a feed with a
 * 90-second episode and an endless station with ICY titles; the app reaches it because the
 * e2e server runs with FETCH_ALLOW_PRIVATE=1 (tests only).
 */
let host: PodcastHost;

test.beforeAll(async () => {
  host = await startPodcastHost(90);
});

test.afterAll(async () => {
  await host.close();
});

test('subscribe, play an episode, leave at 1:00 and continue there in a new context', async ({
  browser,
}) => {
  const user = await registerUser('podcaster');
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInByApi(page, user.username, user.password);
  await page.goto('/podcasts');
  await page.getByLabel('Feed address').fill(host.feedUrl);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('link', { name: HOST_SHOW.podcast }).click();
  await page.getByRole('button', { name: `Play ${HOST_SHOW.episode}` }).click();
  await expectPlaying(page);
  expect((await audioState(page)).src).toContain('/api/podcast/episode/');
  // Leave at 1:00: the player is moved there, then its position is kept on the server.
  await activeAudio(page).evaluate((el) => {
    el.currentTime = 60;
  });
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(60.2);
  await activeAudio(page).evaluate((el) => el.pause());
  const id = Number(/\/podcast\/(\d+)/.exec(page.url())![1]);
  const api = await ApiSession.signIn(user.username, user.password);
  await expect
    .poll(
      async () => {
        const podcast = await api.call<{ episodes: Array<{ positionMs: number }> }>(
          'GET',
          `/api/podcast/${id}`,
        );
        return podcast.episodes[0]!.positionMs;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(59_000);
  const kept = await api.call<{ episodes: Array<{ positionMs: number }> }>(
    'GET',
    `/api/podcast/${id}`,
  );
  expect(kept.episodes[0]!.positionMs).toBeLessThanOrEqual(62_000);
  await first.close();

  const second = await browser.newContext();
  const again = await second.newPage();
  await signInByApi(again, user.username, user.password);
  await again.goto(`/podcast/${id}`);
  await expect(again.getByText(/Resume at 1:0\d/)).toBeVisible();
  await again.getByRole('button', { name: `Play ${HOST_SHOW.episode}` }).click();
  await expectPlaying(again);
  const at = (await audioState(again)).currentTime;
  // 1:00 ± 2 s, with the moment of playing it took to see it playing.
  expect(at).toBeGreaterThanOrEqual(58);
  expect(at).toBeLessThanOrEqual(63);
  await api.dispose();
  await second.close();
});

test('plays a station and shows its ICY title', async ({ page }) => {
  const admin = await ApiSession.signIn();
  const name = `E2E FM ${Date.now()}`;
  await admin.call('PUT', '/api/radio_station', { name, streamUrl: host.stationUrl });
  await admin.dispose();
  const user = await registerUser('radio');
  await signInByApi(page, user.username, user.password);
  await page.goto('/radio-stations');
  await page.getByRole('button', { name: `Play ${name}` }).click();
  await expect(page.getByTestId('station-now-playing')).toHaveText(
    `Now playing: ${HOST_SHOW.icyTitle}`,
    {
      timeout: 20_000,
    },
  );
});
