import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from './support/csp-guard';
import type { ApiSession } from './support/api';
import { importLibrary } from './support/music-dir';
import { activeAudio, audioState, expectPlaying } from './support/player-queue';
import { signIn } from './support/sign-in';
import { test, type ThrowawayAlbums } from './support/throwaway-albums';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** Writes one album of tagged mp3s (a tone each, at its own gain in dB) and imports it. */
async function makeAlbum(
  albums: ThrowawayAlbums,
  api: ApiSession,
  label: string,
  tracks: Array<{ title: string; gain: number }>,
): Promise<number> {
  const album = albums.name(label);
  const dir = join(albums.folder, label);
  await mkdir(dir, { recursive: true });
  for (const [index, { title, gain }] of tracks.entries()) {
    // prettier-ignore
    await run(FFMPEG, [
      '-v', 'error', '-f', 'lavfi', '-i', `sine=f=${440 + index * 110}:d=60`, '-af', `volume=${gain}dB`,
      '-q:a', '5', '-metadata', `title=${title}`, '-metadata', `album=${album}`,
      '-metadata', 'artist=Meter', '-metadata', `track=${index + 1}`,
      join(dir, `0${index + 1}.mp3`),
    ]);
  }
  const job = await importLibrary(api);
  expect(job.problems).toEqual([]);
  const [made] = await albums.find();
  return made!.collectionId;
}

const main = (page: Page) => page.getByRole('main');
const bar = (page: Page) => page.getByTestId('player-bar');
const currentRow = (page: Page) => page.locator('[data-testid="file-row"][aria-current="true"]');

test.describe('now playing', () => {
  test('the current track is marked in the collection and the queue, following next and previous', async ({
    page,
    api,
    albums,
  }) => {
    const [first, second, third] = [{ title: 'First' }, { title: 'Second' }, { title: 'Third' }];
    const collectionId = await makeAlbum(albums, api, 'Marks', [
      { ...first, gain: 0 },
      { ...second, gain: 0 },
      { ...third, gain: 0 },
    ]);
    await signIn(page);
    await page.goto(`/collection/${collectionId}`);
    await expect(currentRow(page)).toHaveCount(0);
    await main(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);

    await expect(currentRow(page)).toHaveCount(1);
    await expect(currentRow(page)).toContainText(first.title);
    await expect(currentRow(page).getByText('Now playing')).toBeAttached();
    await bar(page).getByRole('button', { name: 'Next track' }).click();
    await expect(currentRow(page)).toContainText(second.title);
    await bar(page).getByRole('button', { name: 'Previous track' }).click();
    await expect(currentRow(page)).toContainText(first.title);

    await bar(page).getByRole('button', { name: 'Queue' }).click();
    const queue = page.getByTestId('queue-list');
    const queued = queue.locator('li[aria-current="true"]');
    await expect(queued).toContainText(first.title);
    await expect(queued.getByTestId('now-playing')).toBeVisible();
    // The row's own button (the drag handle before it moves the row, it does not jump).
    await queue.getByRole('button', { name: `${second.title} Meter`, exact: true }).click();
    await expect(queued).toContainText(second.title);
    await expect(queue.locator('li[aria-current="true"]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    // The jump in the queue moved the collection's mark too.
    await expect(currentRow(page)).toContainText(second.title);
  });

  test("the collection's Play becomes Pause while it plays, and Play resumes it", async ({
    page,
    api,
    albums,
  }) => {
    const collectionId = await makeAlbum(albums, api, 'Resume', [
      { title: 'One', gain: 0 },
      { title: 'Two', gain: 0 },
    ]);
    await signIn(page);
    await page.goto(`/collection/${collectionId}`);
    await main(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    const pause = main(page).getByRole('button', { name: 'Pause', exact: true });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const at = (await audioState(page)).currentTime;
    expect(at).toBeGreaterThan(0);

    await main(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    const resumed = await audioState(page);
    // Resumed where it paused: same track, not from the start.
    await expect(bar(page).getByTestId('player-title')).toHaveText('One');
    expect(resumed.currentTime).toBeGreaterThanOrEqual(at);
    await expect(main(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  });
});

test.describe('normalise volume', () => {
  test('turns a loud track down to the level of a quiet one, per track or per album', async ({
    page,
    api,
    albums,
  }) => {
    // lavfi's sine is -18 dBFS: the quiet track peaks at -38 dBFS, the loud one at -6.
    const collectionId = await makeAlbum(albums, api, 'Loudness', [
      { title: 'Quiet', gain: -20 },
      { title: 'Loud', gain: 12 },
    ]);
    await signIn(page);
    await page.goto(`/collection/${collectionId}`);
    await main(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    const volume = async () => (await audioState(page)).volume;
    expect(await volume()).toBe(1);

    await bar(page).getByRole('button', { name: 'Queue' }).click();
    const normalise = page.getByTestId('normalise-volume');
    await expect(normalise).toHaveText('Normalise volume: off');
    await normalise.click();
    await expect(normalise).toHaveText('Normalise volume: track');
    await page.keyboard.press('Escape');
    // The quiet track cannot be boosted past full volume; the loud one is cut by about 7 dB.
    expect(await volume()).toBe(1);
    await bar(page).getByRole('button', { name: 'Next track' }).click();
    await expect(bar(page).getByTestId('player-title')).toHaveText('Loud');
    await expect.poll(volume).toBeLessThan(0.6);
    expect(await volume()).toBeGreaterThan(0.2);
    const loudTrackLevel = await volume();

    // Album mode: the whole album is queued in order, so both tracks get the album's gain.
    await bar(page).getByRole('button', { name: 'Queue' }).click();
    await normalise.click();
    await expect(normalise).toHaveText('Normalise volume: album');
    await page.keyboard.press('Escape');
    const albumLevel = await volume();
    expect(albumLevel).toBeGreaterThan(loudTrackLevel);
    expect(albumLevel).toBeLessThan(1);
    await bar(page).getByRole('button', { name: 'Previous track' }).click();
    await expect(bar(page).getByTestId('player-title')).toHaveText('Quiet');
    await expect.poll(volume).toBeCloseTo(albumLevel, 5);

    // Off again: the listener's own volume, and the choice is remembered.
    await bar(page).getByRole('button', { name: 'Queue' }).click();
    await normalise.click();
    await expect(normalise).toHaveText('Normalise volume: off');
    await page.keyboard.press('Escape');
    await expect.poll(volume).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('normalise'))).toBe('off');
    await activeAudio(page).evaluate((el: HTMLAudioElement) => el.pause());
  });
});
