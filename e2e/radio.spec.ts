import { expect, test } from './support/csp-guard';
import { demoCollection, signInAsAdmin } from './support/player-queue';

test.describe.configure({ timeout: 120_000 });

/**
 * Radio (issue 48): "Start radio" on a track replaces the queue with the radio's first page and
 * plays; moving near the end of the queue makes the player fetch the next page and append it,
 * so the queue grows past the first page's end (the demo library is small, so the later pages
 * bring back what the session played longest ago).
 */
test('a radio started from a track plays and grows its queue past the first page', async ({
  page,
}) => {
  const album = await demoCollection(3);
  const track = album.tracks[0]!;
  await signInAsAdmin(page);
  await page.goto(`/audio_collection/${album.collectionId}`);
  const firstPage = page.waitForResponse(
    (r) => r.url().includes('/api/radio?') && r.url().includes(`seed=file%3A${track.fileId}`),
  );
  await page.getByRole('button', { name: `Start radio from ${track.title}`, exact: true }).click();
  const answer = (await (await firstPage).json()) as { tracks: unknown[] };
  const firstCount = answer.tracks.length;
  expect(firstCount).toBeGreaterThan(1);

  const bar = page.getByTestId('player-bar');
  await expect(bar).toContainText(track.title);
  await bar.getByRole('button', { name: 'Queue', exact: true }).click();
  const rows = page.getByTestId('queue-list').getByRole('listitem');
  await expect(page.getByTestId('radio-on')).toBeVisible();
  // A short library: the first page may already be near its end and have refilled once.
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(firstCount);
  const before = await rows.count();

  // Jump to the last entry: fewer than 10 remain after it, so the next page is appended.
  const refill = page.waitForResponse((r) => r.url().includes('/api/radio?') && r.ok());
  await rows.last().locator('button').nth(1).click();
  const next = (await (await refill).json()) as { tracks: unknown[] };
  expect(next.tracks.length).toBeGreaterThan(0);
  await expect.poll(() => rows.count()).toBeGreaterThan(before);
  await expect(rows.nth(before - 1)).toHaveAttribute('aria-current', 'true');

  // "Stop radio" ends it: the queue stays, nothing more is added.
  await page.getByRole('button', { name: 'Stop radio', exact: true }).click();
  await expect(page.getByTestId('radio-on')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start radio', exact: true })).toBeVisible();
});

test('a radio survives a reload: the restored queue is still the radio and keeps filling', async ({
  page,
}) => {
  const album = await demoCollection(3);
  const track = album.tracks[1] ?? album.tracks[0]!;
  await signInAsAdmin(page);
  await page.goto(`/audio_collection/${album.collectionId}`);
  const firstPage = page.waitForResponse((r) => r.url().includes('/api/radio?') && r.ok());
  await page.getByRole('button', { name: `Start radio from ${track.title}`, exact: true }).click();
  await firstPage;
  const bar = page.getByTestId('player-bar');
  await expect(bar).toContainText(track.title);
  // The queue is saved as it changes; give the save its moment before leaving.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('radio-session')))
    .not.toBeNull();
  await page.waitForTimeout(500);

  await page.reload();
  await expect(bar).toContainText(track.title);
  await bar.getByRole('button', { name: 'Queue', exact: true }).click();
  await expect(page.getByTestId('radio-on')).toBeVisible();
  const rows = page.getByTestId('queue-list').getByRole('listitem');
  const before = await rows.count();
  const refill = page.waitForResponse((r) => r.url().includes('/api/radio?') && r.ok());
  await rows.last().locator('button').nth(1).click();
  await refill;
  await expect.poll(() => rows.count()).toBeGreaterThan(before);
});
