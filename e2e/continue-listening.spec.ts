import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import { ApiSession, registerUser, type RegisteredUser } from './support/api';
import { seriousViolations } from './support/axe';
import { importLibrary } from './support/music-dir';
import { activeAudio, audioState, expectPlaying } from './support/player-queue';
import { HOST_SHOW, startPodcastHost, type PodcastHost } from './support/podcast-host';
import { signInByApi } from './support/sign-in-by-api';
import { test } from './support/throwaway-albums';

/**
 * Episodes, long tracks and stations in the player (issue 49): speed, Media Session, the
 * ICY title in the bar, positions kept on the server and the home row that resumes them.
 */
const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const LONG_SECONDS = 21 * 60;

let host: PodcastHost;

test.beforeAll(async () => {
  host = await startPodcastHost(180);
});

test.afterAll(async () => {
  await host.close();
});

const bar = (page: Page) => page.getByTestId('player-bar');
const speed = (page: Page) => bar(page).getByTestId('speed-control');

async function signedInPage(browser: Browser, user: RegisteredUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, user.username, user.password);
  return { context, page };
}

function metadata(page: Page) {
  return page.evaluate(() => {
    const meta = navigator.mediaSession.metadata;
    return meta
      ? {
          title: meta.title,
          artist: meta.artist,
          album: meta.album,
          artwork: meta.artwork.map((a) => a.src),
        }
      : null;
  });
}

/** The caller's bookmark of `kind` `id` (GET /api/bookmark), or undefined. */
async function bookmark(api: ApiSession, kind: 'file' | 'episode', id: number) {
  const { bookmarks } = await api.call<{
    bookmarks: Array<{ kind: string; id: number; positionMs: number }>;
  }>('GET', '/api/bookmark');
  return bookmarks.find((b) => b.kind === kind && b.id === id);
}

/** Moves the current track to `seconds`, lets it play on a little, and pauses it there. */
async function leaveAt(page: Page, seconds: number): Promise<void> {
  await activeAudio(page).evaluate((el, at) => {
    el.currentTime = at;
  }, seconds);
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(seconds);
  await bar(page).getByRole('button', { name: 'Pause' }).click();
}

test('an episode plays at 1.5x, shows its podcast on the lock screen and resumes from home', async ({
  browser,
}) => {
  const user = await registerUser('episodes');
  const api = await ApiSession.signIn(user.username, user.password);
  const { podcastId } = await api.call<{ podcastId: number }>('PUT', '/api/podcast', {
    url: host.feedUrl,
  });
  const { context, page } = await signedInPage(browser, user);
  await page.goto(`/podcast/${podcastId}`);
  await page.getByRole('button', { name: `Play ${HOST_SHOW.episode}` }).click();
  await expectPlaying(page);
  const episodeId = Number(/episode\/(\d+)\//.exec((await audioState(page)).src)![1]);

  expect(await metadata(page)).toEqual({
    title: HOST_SHOW.episode,
    artist: HOST_SHOW.author,
    album: HOST_SHOW.podcast,
    artwork: [host.coverUrl],
  });

  await expect(speed(page)).toHaveValue('1');
  await speed(page).selectOption('1.5');
  await expect
    .poll(() => activeAudio(page).evaluate((el) => [el.playbackRate, el.preservesPitch]))
    .toEqual([1.5, true]);
  // Remembered on this device.
  expect(await page.evaluate(() => localStorage.getItem('playback-speed'))).toBe('1.5');
  expect(await seriousViolations(page, '[data-testid="player-bar"]')).toEqual([]);

  await leaveAt(page, 60);
  await expect
    .poll(async () => (await bookmark(api, 'episode', episodeId))?.positionMs, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(59_000);
  expect((await bookmark(api, 'episode', episodeId))!.positionMs).toBeLessThanOrEqual(63_000);
  await context.close();

  // Another device: home offers it, and a click continues at 1:00 (at this device's 1x).
  const other = await signedInPage(browser, user);
  await other.page.goto('/');
  const row = other.page.getByTestId('continue-listening');
  await expect(row.getByTestId('continue-entry')).toHaveCount(1);
  await expect(row).toContainText(HOST_SHOW.episode);
  await expect(row).toContainText(HOST_SHOW.podcast);
  expect(await seriousViolations(other.page, '[data-testid="continue-listening"]')).toEqual([]);
  await row.getByRole('button', { name: new RegExp(`Resume.*${HOST_SHOW.episode}`) }).click();
  await expectPlaying(other.page);
  const state = await audioState(other.page);
  expect(state.src).toContain(`/api/podcast/episode/${episodeId}/stream`);
  expect(state.currentTime).toBeGreaterThanOrEqual(58);
  expect(state.currentTime).toBeLessThanOrEqual(64);
  expect(await activeAudio(other.page).evaluate((el) => el.playbackRate)).toBe(1);
  await other.context.close();
  await api.dispose();
});

test('on a phone the speed is in the full-screen player', async ({ browser }) => {
  const user = await registerUser('phonespeed');
  const api = await ApiSession.signIn(user.username, user.password);
  const { podcastId } = await api.call<{ podcastId: number }>('PUT', '/api/podcast', {
    url: host.feedUrl,
  });
  await api.dispose();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInByApi(page, user.username, user.password);
  await page.goto(`/podcast/${podcastId}`);
  await page.getByRole('button', { name: `Play ${HOST_SHOW.episode}` }).click();
  await expectPlaying(page);
  // No room in the phone's bar: the control is where everything about the episode is.
  await expect(speed(page)).toHaveCount(0);
  await bar(page).getByRole('button', { name: 'Open full-screen player' }).click();
  const full = page.getByTestId('full-screen-player');
  await full.getByTestId('speed-control').selectOption('2');
  await expect.poll(() => activeAudio(page).evaluate((el) => el.playbackRate)).toBe(2);
  await context.close();
});

test('a station shows its ICY title in the player bar and on the lock screen', async ({ page }) => {
  const admin = await ApiSession.signIn();
  const name = `E2E Bar FM ${Date.now()}`;
  await admin.call('PUT', '/api/radio_station', { name, streamUrl: host.stationUrl });
  await admin.dispose();
  const user = await registerUser('radiobar');
  await signInByApi(page, user.username, user.password);
  await page.goto('/radio-stations');
  await page.getByRole('button', { name: `Play ${name}` }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText(name);
  await expect(bar(page).getByTestId('player-station-title')).toHaveText(HOST_SHOW.icyTitle, {
    timeout: 20_000,
  });
  await expect
    .poll(async () => (await metadata(page))?.title, { timeout: 15_000 })
    .toBe(HOST_SHOW.icyTitle);
  expect((await metadata(page))?.artist).toBe(name);
  // A station has no speed.
  await expect(speed(page)).toHaveCount(0);
});

test('a track over 20 minutes keeps its place, resumes there anywhere, and forgets it at the end', async ({
  browser,
  api: admin,
  albums,
}) => {
  test.setTimeout(180_000);
  const album = albums.name('Long mix');
  const dir = join(albums.folder, 'long');
  await mkdir(dir, { recursive: true });
  const tracks = [
    { title: 'Very long mix', seconds: LONG_SECONDS },
    { title: 'Short tune', seconds: 40 },
  ];
  for (const [index, { title, seconds }] of tracks.entries()) {
    // A few kB a second: 21 minutes stay small.
    // prettier-ignore
    await run(FFMPEG, [
      '-v', 'error', '-f', 'lavfi', '-i', `sine=f=${220 + index * 110}:d=${seconds}`,
      '-ac', '1', '-ar', '8000', '-c:a', 'libmp3lame', '-b:a', '8k',
      '-metadata', `title=${title}`, '-metadata', `album=${album}`,
      '-metadata', 'artist=Mixer', '-metadata', `track=${index + 1}`,
      join(dir, `0${index + 1}.mp3`),
    ]);
  }
  const job = await importLibrary(admin);
  expect(job.problems).toEqual([]);
  const [made] = await albums.find();
  const collectionId = made!.collectionId;

  const user = await registerUser('longmix');
  const api = await ApiSession.signIn(user.username, user.password);
  const { context, page } = await signedInPage(browser, user);
  await page.goto(`/collection/${collectionId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
  await expect(bar(page).getByTestId('player-title')).toHaveText('Very long mix');
  const fileId = Number(/file\/(\d+)/.exec((await audioState(page)).src)![1]);

  // Speed applies to the long track, and the next (short) one plays at 1x without the control.
  await speed(page).selectOption('2');
  await expect.poll(() => activeAudio(page).evaluate((el) => el.playbackRate)).toBe(2);
  await leaveAt(page, 300);
  await expect
    .poll(async () => (await bookmark(api, 'file', fileId))?.positionMs, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(299_000);
  await bar(page).getByRole('button', { name: 'Next track' }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText('Short tune');
  await expect(speed(page)).toHaveCount(0);
  await expect.poll(() => activeAudio(page).evaluate((el) => el.playbackRate)).toBe(1);

  // Started again from its album: it resumes at its bookmark by itself.
  await main.getByRole('button', { name: 'Play Very long mix', exact: true }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText('Very long mix');
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(299);
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await context.close();

  // Another device: the home row resumes it where it was left, ± 2 s.
  const other = await signedInPage(browser, user);
  await other.page.goto('/');
  const row = other.page.getByTestId('continue-listening');
  await expect(row).toContainText('Very long mix');
  await expect(row).toContainText(album);
  // Where the first device paused it: 5:00 plus what played at 2x before the pause took (seconds
  // on a loaded machine).
  const kept = (await bookmark(api, 'file', fileId))!.positionMs / 1000;
  expect(kept).toBeGreaterThanOrEqual(299);
  const resumed = Date.now();
  await row.getByRole('button', { name: /Resume.*Very long mix/ }).click();
  await expectPlaying(other.page);
  const state = await audioState(other.page);
  expect(state.src).toContain(`/file/${fileId}`);
  expect(state.currentTime).toBeGreaterThanOrEqual(kept - 2);
  // Plus what it has played since.
  expect(state.currentTime).toBeLessThanOrEqual(kept + 2 + (Date.now() - resumed) / 1000);

  // Played to its last 30 s: finished, the bookmark goes and so does the row.
  await activeAudio(other.page).evaluate((el, at) => {
    el.currentTime = at;
  }, LONG_SECONDS - 20);
  await expect.poll(async () => bookmark(api, 'file', fileId), { timeout: 15_000 }).toBeUndefined();
  const listed = other.page.waitForResponse((r) => r.url().endsWith('/api/bookmark'));
  await other.page.goto('/');
  await listed;
  await expect(other.page.getByTestId('continue-listening')).toHaveCount(0);
  await other.context.close();
  await api.dispose();
});
